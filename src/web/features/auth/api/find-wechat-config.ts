import { queryOptions } from '@tanstack/react-query';
import type { WechatConfig } from '../../../../domain/contract/public.js';
import { call } from '../../../lib/api-client.js';
import { REFERENCE_DATA_STALE_MS } from '../../../lib/queries.js';
import { publicEndpoints } from '../../../../domain/contract/endpoints/public.js';

/** The WeChat apps the server is configured with: the official account (inside WeChat) and the QR website app; null where it has none. */
export type WeChatApps = WechatConfig;

/** POST /api/v1/public/wechatConfig: the app ids the login page needs (public values). */
export const findWeChatConfig = (): Promise<WeChatApps> => call(publicEndpoints.wechatConfig);

export const weChatConfigQuery = () =>
  queryOptions({ queryKey: ['wechat-config'], queryFn: findWeChatConfig, staleTime: REFERENCE_DATA_STALE_MS });

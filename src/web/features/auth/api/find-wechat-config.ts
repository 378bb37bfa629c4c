import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';
import { REFERENCE_DATA_STALE_MS } from '../../../lib/queries.js';

/** The WeChat apps the server is configured with; null where it has none. */
export interface WeChatApps {
  /** The official account, for login inside the WeChat browser. */
  readonly mp_app_id: string | null;
  /** The open-platform website app, for the QR login elsewhere. */
  readonly open_app_id: string | null;
}

/** POST /api/v1/public/wechatConfig: the app ids the login page needs (public values). */
export const findWeChatConfig = (): Promise<WeChatApps> => post<WeChatApps>('/public/wechatConfig');

export const weChatConfigQuery = () => queryOptions({ queryKey: ['wechat-config'], queryFn: findWeChatConfig, staleTime: REFERENCE_DATA_STALE_MS });

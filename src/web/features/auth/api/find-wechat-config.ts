import type { WechatConfig } from '../../../../domain/contract/public.js';
import { post } from '../../../lib/api-client.js';

/** The WeChat apps the server is configured with: the official account (inside WeChat) and the QR website app; null where it has none. */
export type WeChatApps = WechatConfig;

/** POST /api/v1/public/wechatConfig: the app ids the login page needs (public values). */
export const findWeChatConfig = (): Promise<WeChatApps> => post<WeChatApps>('/public/wechatConfig');

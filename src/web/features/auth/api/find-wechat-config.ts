import { post } from '../../../lib/api-client.js';

/** The WeChat apps the server is configured with; null where it has none. */
export interface WeChatApps {
  /** The official account, for login inside the WeChat browser. */
  readonly mp_app_id: string | null;
  /** The open-platform website app, for the QR login elsewhere. */
  readonly open_app_id: string | null;
}

/** POST /api/v1/public/wechatConfig: the app ids the login page needs (public values). */
export const findWeChatConfig = (): Promise<WeChatApps> => post<WeChatApps>('/public/wechatConfig');

import { post } from '../../../lib/api-client.js';
import type { SessionAnswer } from './types.js';

/** POST /api/v1/auth/wechatlogin: exchanges the OAuth code; appId says which WeChat app issued it. */
export const wechatLogin = (payload: { code: string; appId: string }): Promise<SessionAnswer> =>
  post<SessionAnswer>('/auth/wechatlogin', { code: payload.code, appId: payload.appId, loginWay: 'wechat', RememberMe: true });

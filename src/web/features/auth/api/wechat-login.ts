import type { LoginAnswer } from '../../../../domain/contract/session.js';
import { post } from '../../../lib/api-client.js';

/** POST /api/v1/auth/wechatlogin: exchanges the OAuth code; appId says which WeChat app issued it. */
export const wechatLogin = (payload: { code: string; appId: string }): Promise<LoginAnswer> =>
  post<LoginAnswer>('/auth/wechatlogin', { code: payload.code, appId: payload.appId, loginWay: 'wechat', RememberMe: true });

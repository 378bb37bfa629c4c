import type { LoginAnswer } from '../../../../domain/contract/session.js';
import { call } from '../../../lib/api-client.js';
import { authEndpoints } from '../../../../domain/contract/endpoints/auth.js';

/** POST /api/v1/auth/wechatlogin: exchanges the OAuth code; appId says which WeChat app issued it. */
export const wechatLogin = (payload: { code: string; appId: string }): Promise<LoginAnswer> =>
  call(authEndpoints.wechatLogin, { code: payload.code, appId: payload.appId, loginWay: 'wechat', RememberMe: true });

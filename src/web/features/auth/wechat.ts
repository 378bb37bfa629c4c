import { inWeChat } from '../../lib/environment.js';

/** App ids come from the build's environment; unset means WeChat login is not configured. */
export const mpAppId = (): string => import.meta.env.VITE_WECHAT_MP_APP_ID ?? '';
export const openAppId = (): string => import.meta.env.VITE_WECHAT_OPEN_APP_ID ?? '';

/** The official account (inside WeChat) and the open-platform website app (QR) are different apps. */
export const currentAppId = (): string => (inWeChat() ? mpAppId() : openAppId());

const STATE_KEY = 'wechat_oauth_state';

/** A fresh anti-forgery state for one OAuth round trip, kept for this tab only. */
export function newOAuthState(): string {
  const existing = sessionStorage.getItem(STATE_KEY);
  if (existing) return existing;
  const state = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(STATE_KEY, state);
  return state;
}

/** True when the state WeChat sends back is the one this tab sent; the stored state is spent. */
export function consumeOAuthState(returned: string | null): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return expected !== null && returned === expected;
}

/** Inside WeChat: the official account's authorise page, which comes back to `redirectUri` with ?code=. */
export const authorizeUrl = (appId: string, redirectUri: string, state: string): string =>
  'https://open.weixin.qq.com/connect/oauth2/authorize?' +
  `appid=${encodeURIComponent(appId)}&redirect_uri=${encodeURIComponent(redirectUri)}` +
  `&response_type=code&scope=snsapi_userinfo&state=${encodeURIComponent(state)}#wechat_redirect`;

/**
 * Outside WeChat: the website app's QR login, shown in a frame. login_type=jssdk with
 * self_redirect=false makes WeChat send the whole window (not the frame) back to `redirectUri`.
 */
export const qrConnectUrl = (appId: string, redirectUri: string, state: string): string =>
  'https://open.weixin.qq.com/connect/qrconnect?' +
  `appid=${encodeURIComponent(appId)}&redirect_uri=${encodeURIComponent(redirectUri)}` +
  `&response_type=code&scope=snsapi_login&state=${encodeURIComponent(state)}&login_type=jssdk&self_redirect=false`;

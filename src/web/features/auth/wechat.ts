import { useQuery } from '@tanstack/react-query';
import { inWeChat } from '../../lib/environment.js';
import { weChatConfigQuery, type WeChatApps } from './api/find-wechat-config.js';

/**
 * The app this browser logs in with: the official account inside WeChat, the open-platform
 * website app (QR) elsewhere. '' when the server has none configured.
 */
export const currentAppId = (apps: WeChatApps): string => (inWeChat() ? apps.mp_app_id : apps.open_app_id) ?? '';

const NO_APPS: WeChatApps = { mp_app_id: null, open_app_id: null };

/**
 * The server's WeChat app ids: undefined while loading. If the server cannot be asked, WeChat
 * login is shown as not configured (email login still works).
 */
export function useWeChatApps(): WeChatApps | undefined {
  const query = useQuery(weChatConfigQuery());
  return query.data ?? (query.isError ? NO_APPS : undefined);
}

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

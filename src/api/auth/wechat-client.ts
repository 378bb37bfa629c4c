import type { Config } from '../../config.js';
import { storableText } from '../../domain/index.js';
import type { WeChatClient, WeChatIdentity } from './wechat.js';

/** WeChat answers within a second or two; a login must not hang on it. */
const REQUEST_TIMEOUT_MS = 5_000;

/** WeChat itself failed (timeout, network, HTTP error, not JSON): unlike a refused code, worth a retry later. */
export class WeChatUnavailableError extends Error {
  override readonly name = 'WeChatUnavailableError';
}

type WeChatAnswer = Record<string, unknown>;

/**
 * The OAuth code exchange (official account inside the WeChat browser, open-platform QR login
 * outside): code → access token and openid → user info. The secret is that of the app whose id the
 * client sent; an app id we do not know, or any `errcode` from WeChat, means no identity.
 */
export function createWeChatClient(
  config: Pick<Config['wechat'], 'apiBaseUrl' | 'insideApp' | 'outsideApp'>,
  timeoutMs = REQUEST_TIMEOUT_MS,
): WeChatClient {
  const apps = [config.insideApp, config.outsideApp].filter((app) => app !== undefined);
  const baseUrl = config.apiBaseUrl.replace(/\/+$/, '');

  async function call(endpoint: string, query: Record<string, string>): Promise<WeChatAnswer | null> {
    const answer = await getJson(`${baseUrl}${endpoint}?${new URLSearchParams(query)}`, endpoint, timeoutMs);
    return isRefusal(answer) ? null : answer;
  }

  return {
    async exchangeCode(appId, code) {
      const app = apps.find((candidate) => candidate.appId === appId);
      if (!app) return null;
      const grant = await call('/sns/oauth2/access_token', {
        appid: app.appId,
        secret: app.secret,
        code,
        grant_type: 'authorization_code',
      });
      const accessToken = text(grant?.['access_token']);
      const openid = text(grant?.['openid']);
      if (!grant || !accessToken || !openid) return null;
      const info = await call('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
      return info ? { ...identityOf(openid, grant, info), officialAccount: app === config.insideApp } : null;
    },
  };
}

/** The unionid (the same person across our two apps) may come with the grant or with the user info. */
function identityOf(openid: string, grant: WeChatAnswer, info: WeChatAnswer): Omit<WeChatIdentity, 'officialAccount'> {
  return {
    openid,
    unionid: text(info['unionid']) ?? text(grant['unionid']) ?? null,
    nickname: text(info['nickname']) ?? '',
  };
}

const text = (value: unknown): string | undefined => {
  const kept = typeof value === 'string' ? storableText(value).trim() : '';
  return kept === '' ? undefined : kept;
};

/** WeChat answers HTTP 200 with `{ errcode, errmsg }` when it refuses; success carries no errcode (or 0). */
const isRefusal = (answer: WeChatAnswer) => answer['errcode'] !== undefined && answer['errcode'] !== 0;

/** The error names only the endpoint: the query holds the app secret and the user's code. */
async function getJson(url: string, endpoint: string, timeoutMs: number): Promise<WeChatAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new WeChatUnavailableError(`WeChat ${endpoint} ${reason}`);
  }
  if (!response.ok) throw new WeChatUnavailableError(`WeChat ${endpoint} answered HTTP ${response.status}`);
  // WeChat sends JSON as text/plain, so the body is parsed whatever the content type says.
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new WeChatUnavailableError(`WeChat ${endpoint} answered something other than a JSON object`);
  }
  return body as WeChatAnswer;
}

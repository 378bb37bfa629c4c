import type { Config } from '../../config.js';

/** Sends one template message of the official account (DESIGN.md section 11). */
export interface WeChatMessenger {
  sendTemplate(message: {
    openid: string;
    template_id: string;
    url: string;
    data: Readonly<Record<string, { value: string }>>;
  }): Promise<void>;
}

/** WeChat refuses a stale token with these; the next try fetches a new one. */
const TOKEN_REFUSALS = new Set([40001, 40014, 42001]);
/** A token is taken as stale this long before WeChat says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

type Answer = Record<string, unknown>;

async function call(url: string, timeoutMs: number, init: RequestInit = {}): Promise<Answer> {
  const path = new URL(url).pathname;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new Error(`WeChat ${path} ${error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable'}`);
  }
  if (!response.ok) throw new Error(`WeChat ${path} answered HTTP ${response.status}`);
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null) throw new Error(`WeChat ${path} answered something other than JSON`);
  return body as Answer;
}

/**
 * The official account's `cgi-bin/message/template/send` with a client-credential access token,
 * kept until shortly before it expires. Errors name the endpoint and WeChat's code only: the
 * query holds the app secret or the token.
 */
export function createWeChatMessenger(
  config: Pick<Config['wechat'], 'apiBaseUrl' | 'insideApp'>,
  timeoutMs: number,
  now: () => Date,
): WeChatMessenger {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > now().getTime()) return token.value;
    const app = config.insideApp;
    if (!app) throw new Error('No WeChat official account is configured');
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: app.appId, secret: app.secret });
    const answer = await call(`${config.apiBaseUrl}/cgi-bin/token?${query}`, timeoutMs);
    const value = answer['access_token'];
    if (typeof value !== 'string' || value === '') throw new Error(`WeChat /cgi-bin/token refused (errcode ${String(answer['errcode'])})`);
    const seconds = typeof answer['expires_in'] === 'number' ? answer['expires_in'] : 7200;
    token = { value, until: now().getTime() + seconds * 1000 - TOKEN_MARGIN_MS };
    return value;
  }

  return {
    async sendTemplate(message) {
      const url = `${config.apiBaseUrl}/cgi-bin/message/template/send?access_token=${encodeURIComponent(await accessToken())}`;
      const answer = await call(url, timeoutMs, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ touser: message.openid, template_id: message.template_id, url: message.url, data: message.data }),
      });
      const code = answer['errcode'];
      if (code === undefined || code === 0) return;
      if (typeof code === 'number' && TOKEN_REFUSALS.has(code)) token = null;
      throw new Error(`WeChat template message refused (errcode ${typeof code === 'number' ? code : 'unknown'})`);
    },
  };
}

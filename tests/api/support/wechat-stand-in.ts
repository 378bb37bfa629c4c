import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The person behind a login code, as one WeChat app sees them (openids differ per app). */
export interface StandInPerson {
  readonly appId: string;
  readonly openid: string;
  readonly unionid?: string;
  readonly nickname: string;
}

export interface WeChatStandIn {
  readonly url: string;
  /** Every request received, with its query (secrets included: the tests check which one was sent). */
  readonly requests: { readonly path: string; readonly query: Record<string, string> }[];
  /** A fresh single-use login code for this person. */
  codeFor(person: StandInPerson): string;
  /** The next request is answered this way instead: an HTTP failure, a body that is not JSON, or no answer at all. */
  failNext(failure: 'http-500' | 'not-json' | 'userinfo-errcode' | 'hang'): void;
  close(): Promise<void>;
}

type Failure = Parameters<WeChatStandIn['failNext']>[0];

/** Where a test in another process asks the stand-in for a login code (see mintCode). */
export const MINT_PATH = '/__stand-in__/codes';
const refusal = (errcode: number, errmsg: string) => ({ errcode, errmsg });

/**
 * A local stand-in for WeChat's two OAuth endpoints (node:http on 127.0.0.1, a free port):
 * /sns/oauth2/access_token checks the app's secret and spends the code; /sns/userinfo answers for
 * the access token it handed out. Refusals are HTTP 200 with `errcode`, as WeChat does.
 */
export async function startWeChatStandIn(apps: Readonly<Record<string, string>>): Promise<WeChatStandIn> {
  const codes = new Map<string, StandInPerson>();
  const accessTokens = new Map<string, StandInPerson>();
  const requests: WeChatStandIn['requests'] = [];
  const failures: Failure[] = [];
  const hanging = new Set<ServerResponse>();

  function accessToken(query: Record<string, string>) {
    if (apps[query['appid'] ?? ''] !== query['secret']) return refusal(40125, 'invalid appsecret');
    const person = codes.get(query['code'] ?? '');
    if (!person || person.appId !== query['appid'] || query['grant_type'] !== 'authorization_code') return refusal(40029, 'invalid code');
    codes.delete(query['code']!);
    const token = randomBytes(12).toString('hex');
    accessTokens.set(token, person);
    return {
      access_token: token,
      expires_in: 7200,
      refresh_token: 'refresh',
      openid: person.openid,
      scope: 'snsapi_userinfo',
      ...(person.unionid ? { unionid: person.unionid } : {}),
    };
  }

  function userInfo(query: Record<string, string>) {
    const person = accessTokens.get(query['access_token'] ?? '');
    if (!person || person.openid !== query['openid']) return refusal(40001, 'invalid credential, access_token is invalid');
    return {
      openid: person.openid,
      nickname: person.nickname,
      sex: 0,
      headimgurl: '',
      privilege: [],
      ...(person.unionid ? { unionid: person.unionid } : {}),
    };
  }

  function codeFor(person: StandInPerson): string {
    const code = randomBytes(8).toString('hex');
    codes.set(code, person);
    return code;
  }

  /** POST /__stand-in__/codes {appId, openid, unionid?, nickname}: a code, for tests in another process (the browser tests). */
  function mintCode(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const person = JSON.parse(body) as StandInPerson;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: codeFor(person) }));
    });
  }

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'POST' && url.pathname === MINT_PATH) return mintCode(request, response);
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const failure = failures.shift();
    if (failure === 'hang') return void hanging.add(response);
    if (failure === 'http-500') return void response.writeHead(500).end('busy');
    if (failure === 'not-json') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    if (failure === 'userinfo-errcode' && url.pathname === '/sns/oauth2/access_token') failures.unshift(failure);
    const body =
      url.pathname === '/sns/oauth2/access_token'
        ? accessToken(query)
        : url.pathname === '/sns/userinfo'
          ? failure === 'userinfo-errcode'
            ? refusal(48001, 'api unauthorized')
            : userInfo(query)
          : refusal(-1, 'unknown path');
    // WeChat labels its JSON text/plain.
    response.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(body));
  }

  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    codeFor,
    failNext: (failure) => void failures.push(failure),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

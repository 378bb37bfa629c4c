import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface NetStandIn {
  readonly url: string;
  /** Connections accepted so far. */
  readonly connections: () => number;
  close(): Promise<void>;
}

/**
 * A mail server that misbehaves (127.0.0.1, a free port): `refuses` greets with 554 and hangs up,
 * `hangs` accepts the connection and never says a word.
 */
export async function startBadSmtp(behaviour: 'refuses' | 'hangs'): Promise<NetStandIn> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (behaviour === 'refuses') socket.end('554 5.3.2 No service here\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface TemplateMessage {
  readonly access_token: string;
  readonly body: { touser: string; template_id: string; url: string; data: Record<string, { value: string }> };
}

export interface WeChatMessagesStandIn {
  readonly url: string;
  readonly received: TemplateMessage[];
  /** From now on the template call answers this errcode (0: success again). */
  refuseWith(errcode: number): void;
  close(): Promise<void>;
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** WeChat's client-credential token and template-message endpoints, as a local HTTP server. */
export async function startWeChatMessagesStandIn(app: { appId: string; secret: string }): Promise<WeChatMessagesStandIn> {
  const received: TemplateMessage[] = [];
  let errcode = 0;
  const server = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const answer = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/cgi-bin/token') {
      const good = url.searchParams.get('appid') === app.appId && url.searchParams.get('secret') === app.secret;
      return answer(good ? { access_token: 'token-1', expires_in: 7200 } : { errcode: 40125, errmsg: 'invalid appsecret' });
    }
    if (url.pathname === '/cgi-bin/message/template/send' && request.method === 'POST') {
      void bodyOf(request).then((text) => {
        if (errcode !== 0) return answer({ errcode, errmsg: 'refused' });
        received.push({ access_token: url.searchParams.get('access_token') ?? '', body: JSON.parse(text) as TemplateMessage['body'] });
        answer({ errcode: 0, errmsg: 'ok', msgid: received.length });
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    refuseWith: (code) => void (errcode = code),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string | null;
  readonly to: readonly string[];
  /** The message as sent over the wire (headers and encoded body). */
  readonly raw: string;
}

export interface SmtpStandIn {
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Connections accepted so far. */
  readonly connections: () => number;
  close(): Promise<void>;
}

/**
 * A local SMTP server (127.0.0.1, a free port, no TLS, no login) that keeps what it receives; a slow
 * one greets each connection `greetingDelayMs` late.
 */
export async function startSmtpStandIn({ greetingDelayMs = 0 } = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A mailer keeps its connections open: closing, the server hangs them up at once (421), as a
    // server shutting down would, rather than waiting 30 s for them to end.
    closeTimeout: 50,
    onConnect(_session, callback) {
      setTimeout(callback, greetingDelayMs);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        received.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.server.on('connection', () => void (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

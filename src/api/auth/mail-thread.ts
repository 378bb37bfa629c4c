import { Worker } from 'node:worker_threads';
import type { Config } from '../../config.js';
import type { Mail, Mailer } from './mailer.js';

export interface MailThreadSettings {
  readonly mail: Config['mail'];
  readonly timeoutMs?: number;
}
export interface MailThreadRequest {
  readonly id: number;
  readonly mail: Mail;
}
export interface MailThreadReply {
  readonly id: number;
  readonly error?: { readonly name: string; readonly message: string };
}

interface Pending {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * The worker's entry, beside this module. Run from source (tsx, as the tests do), it is TypeScript,
 * and a worker thread does not inherit tsx's loader: a small module registers it in the thread
 * before importing the worker. Built (`npm start` runs dist/server, see `build:server`), it is the
 * bundle's JavaScript, imported as it is; every file of the bundle is in that one folder.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_BOOT = `
  import { workerData } from 'node:worker_threads';
  ${FROM_SOURCE ? "const { register } = await import('tsx/esm/api'); register();" : ''}
  await import(workerData.entry);
`;
const WORKER_ENTRY = new URL(FROM_SOURCE ? './mail-thread-worker.ts' : './mail-thread-worker.js', import.meta.url).href;

const errorOf = (reply: NonNullable<MailThreadReply['error']>): Error => Object.assign(new Error(reply.message), { name: reply.name });

/**
 * A mailer whose mails are built (nodemailer's MIME encoding) and sent on a thread of their own:
 * at a thousand notices a second that work held up the requests sharing the main thread's event
 * loop. The thread starts with the first mail; if it dies, the mails under way fail (the notifier
 * tries them again) and the next mail starts a new one. It never keeps the process alive.
 */
export function createMailThread(settings: MailThreadSettings): Mailer & { close(): Promise<void> } {
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let next = 0;

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const started = new Worker(WORKER_BOOT, { eval: true, workerData: { ...settings, entry: WORKER_ENTRY } });
    started.unref();
    started.on('message', (reply: MailThreadReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error === undefined) waiting?.resolve();
      else waiting?.reject(errorOf(reply.error));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll(new Error('the mail thread stopped'));
    });
    return started;
  };

  return {
    send(mail) {
      worker ??= start();
      const id = (next += 1);
      const sent = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, mail } satisfies MailThreadRequest);
      return sent;
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}

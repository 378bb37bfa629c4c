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
 * The worker's entry: this source is TypeScript run through tsx, whose loader a worker thread does
 * not inherit, so a small module registers it in the thread before importing the worker.
 */
const WORKER_BOOT = `
  import { register } from 'tsx/esm/api';
  import { workerData } from 'node:worker_threads';
  register();
  await import(workerData.entry);
`;
const WORKER_ENTRY = new URL('./mail-thread-worker.ts', import.meta.url).href;

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

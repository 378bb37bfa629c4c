import type { Worker } from 'node:worker_threads';
import type { Config } from '../../config.js';
import type { Mail, Mailer } from './mailer.js';
import { startWorkerBeside, ThreadCalls, type ThreadReply } from '../threads/worker-thread.js';

export interface MailThreadSettings {
  readonly mail: Config['mail'];
  readonly timeoutMs?: number;
}
/** A mail to send, or a send its caller gave up on (its signal aborted). */
export type MailThreadRequest =
  { readonly kind: 'send'; readonly id: number; readonly mail: Mail } | { readonly kind: 'give-up'; readonly id: number };

/**
 * A mailer whose mails are built (nodemailer's MIME encoding) and sent on a thread of their own:
 * at a thousand notices a second that work held up the requests sharing the main thread's event
 * loop. The thread starts with the first mail; if it dies, the mails under way fail (the notifier
 * tries them again) and the next mail starts a new one. It never keeps the process alive.
 */
export function createMailThread(settings: MailThreadSettings): Mailer & { close(): Promise<void> } {
  const calls = new ThreadCalls();
  let worker: Worker | undefined;

  const start = (): Worker => {
    const started = startWorkerBeside(import.meta.url, 'mail-thread-worker', settings);
    started.on('message', (reply: ThreadReply) => calls.answer(reply));
    started.on('error', (error) => calls.failAll(error));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      calls.failAll(new Error('the mail thread stopped'));
    });
    return started;
  };

  return {
    send(mail, signal) {
      const thread = (worker ??= start());
      const { id, answered } = calls.callWithId(thread, { kind: 'send', mail });
      if (signal) {
        const giveUp = () => thread.postMessage({ kind: 'give-up', id });
        if (signal.aborted) giveUp();
        else signal.addEventListener('abort', giveUp, { once: true });
        void answered.then(
          () => signal.removeEventListener('abort', giveUp),
          () => signal.removeEventListener('abort', giveUp),
        );
      }
      return answered;
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}

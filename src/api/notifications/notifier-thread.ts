import type { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../../../eventstore/postgres/index.js';
import type { Config } from '../../config.js';
import { errorOf, startWorkerBeside, ThreadCalls, type PostedError, type ThreadReply } from '../threads/worker-thread.js';
import type { Notifier, NotifierOptions } from './notifier.js';

export interface NotifierThreadSettings {
  readonly config: Config;
  readonly database: Extract<DatabaseConfig, { kind: 'postgres' }>;
  readonly options: Omit<NotifierOptions, 'onError'>;
  readonly publicBaseUrl: string;
}

export type NotifierThreadMessage =
  { readonly id: number; readonly kind: 'start' | 'stop' | 'tick' | 'close' } | { readonly kind: 'base-url'; readonly url: string };

/** A failure the notifier told of (it goes on, as it does on the main thread). */
export interface NotifierThreadNotice {
  readonly kind: 'failed';
  readonly error: PostedError;
}

/** A thread that dies while the notifier should run is replaced this much later. */
const RESTART_AFTER_MS = 1_000;
/** How long closing waits for the thread to stop its notifier and close its pool before ending it. */
const CLOSE_WAIT_MS = 5_000;

const isNotice = (message: ThreadReply | NotifierThreadNotice): message is NotifierThreadNotice => 'kind' in message;

/**
 * The notifier on a thread of its own (PostgreSQL only: embedded PGlite is one connection, in the
 * main thread). Following a log of a thousand events a second is steady work (opening sealed
 * fields, judging each event on the machine, wording, writing, sending), and on the main thread it
 * tripled the create's median latency. Its checkpoint, batches and keys make it safe to end and
 * begin again at any moment, so a thread that dies while the notifier should run is reported and
 * replaced, and starts from the checkpoint.
 */
export function createNotifierThread(
  settings: Omit<NotifierThreadSettings, 'publicBaseUrl'>,
  publicBaseUrl: () => string,
  onError: (error: unknown) => void,
): Notifier & { close(): Promise<void>; publicBaseUrlChanged(url: string): void } {
  const calls = new ThreadCalls();
  let worker: Worker | undefined;
  let wanted = false;

  const spawn = (): Worker => {
    const started = startWorkerBeside(import.meta.url, 'notifier-thread-worker', { ...settings, publicBaseUrl: publicBaseUrl() });
    started.on('message', (message: ThreadReply | NotifierThreadNotice) =>
      isNotice(message) ? onError(errorOf(message.error)) : calls.answer(message),
    );
    started.on('error', onError);
    started.on('exit', () => {
      if (worker !== started) return;
      worker = undefined;
      calls.failAll(new Error('the notifier thread stopped'));
      if (wanted) setTimeout(() => void (wanted && !worker ? start() : undefined), RESTART_AFTER_MS).unref();
    });
    return started;
  };

  /** A start that fails is reported, and the thread ended and replaced (its exit starts another). */
  async function start(): Promise<void> {
    wanted = true;
    const thread = (worker ??= spawn());
    try {
      await calls.call(thread, { kind: 'start' });
    } catch (error) {
      onError(error);
      await thread.terminate();
    }
  }

  return {
    start,
    async stop() {
      wanted = false;
      if (worker) await calls.call(worker, { kind: 'stop' });
    },
    tick: () => calls.call((worker ??= spawn()), { kind: 'tick' }),
    publicBaseUrlChanged(url) {
      worker?.postMessage({ kind: 'base-url', url } satisfies NotifierThreadMessage);
    },
    async close() {
      wanted = false;
      const closing = worker;
      if (!closing) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
      await Promise.race([calls.call(closing, { kind: 'close' }).catch(() => undefined), waited]);
      clearTimeout(timer);
      worker = undefined;
      await closing.terminate();
    },
  };
}

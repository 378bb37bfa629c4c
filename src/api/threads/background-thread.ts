import type { Worker } from 'node:worker_threads';
import { errorOf, startWorkerBeside, ThreadCalls, type PostedError, type ThreadReply } from './worker-thread.js';

/** What a background thread posts besides replies: a failure its task told of (the task goes on). */
export interface FailedNotice {
  readonly kind: 'failed';
  readonly error: PostedError;
}

/** A thread that dies while its task should run is replaced this much later. */
const RESTART_AFTER_MS = 1_000;
/** How long closing waits for the thread to stop its task and close its pool before ending it. */
const CLOSE_WAIT_MS = 5_000;

export interface BackgroundThread {
  /** Starts the task (the thread first, when none runs); a failure is reported and the thread replaced. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Calls the thread's `kind` (starting the thread when none runs). */
  call(kind: string): Promise<void>;
  /** Posts a message that asks no reply, when a thread runs. */
  tell(message: { readonly kind: string }): void;
  close(): Promise<void>;
}

/**
 * A task that follows the log (the projector, the notifier) on a thread of its own, started while
 * this process leads it: the thread answers `start`, `stop` and `close` (see answerCall) and posts
 * notices. Such a task keeps a checkpoint and may end and begin again at any moment, so a thread
 * that dies while it should run is reported and replaced, and starts from the checkpoint.
 */
export function createBackgroundThread<Notice extends { readonly kind: string }>(
  worker: { readonly moduleUrl: string; readonly name: string; readonly data: () => object },
  told: {
    readonly onNotice?: (notice: Notice) => void;
    readonly onError: (error: unknown) => void;
    /** After each start that succeeded, the first and those of a thread that replaced one. */
    readonly onStarted?: () => void;
  },
): BackgroundThread {
  const { onError } = told;
  const calls = new ThreadCalls();
  let thread: Worker | undefined;
  let wanted = false;

  const spawn = (): Worker => {
    const started = startWorkerBeside(worker.moduleUrl, worker.name, worker.data());
    started.on('message', (message: ThreadReply | Notice | FailedNotice) => {
      if (!('kind' in message)) calls.answer(message);
      else if (message.kind === 'failed') onError(errorOf((message as FailedNotice).error));
      else told.onNotice?.(message as Notice);
    });
    started.on('error', onError);
    started.on('exit', () => {
      if (thread !== started) return;
      thread = undefined;
      calls.failAll(new Error(`the ${worker.name} stopped`));
      if (wanted) setTimeout(() => void (wanted && !thread ? start() : undefined), RESTART_AFTER_MS).unref();
    });
    return started;
  };

  async function start(): Promise<void> {
    wanted = true;
    const running = (thread ??= spawn());
    try {
      await calls.call(running, { kind: 'start' });
      told.onStarted?.();
    } catch (error) {
      onError(error);
      await running.terminate();
    }
  }

  return {
    start,
    async stop() {
      wanted = false;
      if (thread) await calls.call(thread, { kind: 'stop' });
    },
    call: (kind) => calls.call((thread ??= spawn()), { kind }),
    tell(message) {
      thread?.postMessage(message);
    },
    async close() {
      wanted = false;
      const closing = thread;
      if (!closing) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
      await Promise.race([calls.call(closing, { kind: 'close' }).catch(() => undefined), waited]);
      clearTimeout(timer);
      thread = undefined;
      await closing.terminate();
    },
  };
}

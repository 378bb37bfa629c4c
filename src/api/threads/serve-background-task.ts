/**
 * The thread's side of a background task (background-thread.ts): a small pool of its own on the
 * same PostgreSQL database, its own reading of the log (its keyring told of erasures by the
 * database, as another process's is), and the task built over them, answering the main thread's
 * calls.
 */
import type { Kysely } from 'kysely';
import { parentPort } from 'node:worker_threads';
import { createDatabase } from '../../../eventstore/postgres/index.js';
import type { Config } from '../../config.js';
import type { DB } from '../../database/schema.js';
import type { OpenedEventStore } from '../../projections/opened-event-store.js';
import { openEventLog } from '../event-log.js';
import { backgroundPoolOf, type PostgresConfig } from './background-pool.js';
import { answerCall, postedError, type ThreadReply } from './worker-thread.js';

export interface BackgroundTaskSettings {
  readonly config: Config;
  readonly database: PostgresConfig;
}

export interface BackgroundTask {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Further calls the main thread may make, by kind. */
  readonly calls?: Readonly<Record<string, () => Promise<void>>>;
}

export interface TaskParts {
  readonly db: Kysely<DB>;
  readonly eventStore: OpenedEventStore;
  /** Posts a notice to the main thread. */
  readonly post: (notice: { readonly kind: string }) => void;
  /** Reports a failure the task tells of (it goes on). */
  readonly failed: (error: unknown) => void;
}

/** Serves `build`'s task on this thread; `onTold` receives the messages that ask no reply. */
export function serveBackgroundTask(
  settings: BackgroundTaskSettings,
  build: (parts: TaskParts) => BackgroundTask,
  onTold: (message: { readonly kind: string }) => void = () => undefined,
): void {
  const port = parentPort!;
  const post = (message: ThreadReply | { readonly kind: string }) => port.postMessage(message);

  async function open() {
    const database = await createDatabase<DB>(backgroundPoolOf(settings.database));
    try {
      const log = await openEventLog(settings.config, database);
      const task = build({
        db: database.db,
        eventStore: log.eventStore,
        post,
        failed: (error) => post({ kind: 'failed', error: postedError(error) }),
      });
      const close = async () => {
        await task.stop();
        await log.close();
        await database.close();
      };
      return { task, close };
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
  }

  const opened = open();
  // A thread that could not open answers every call with that failure; the main thread starts another.
  opened.catch(() => undefined);

  const run = async (kind: string): Promise<void> => {
    const { task, close } = await opened;
    if (kind === 'close') return close();
    if (kind === 'start' || kind === 'stop') return task[kind]();
    const call = task.calls?.[kind];
    if (!call) throw new Error(`no such call: ${kind}`);
    return call();
  };

  port.on('message', (message: { readonly id?: number; readonly kind: string }) => {
    if (message.id === undefined) onTold(message);
    else answerCall(post, message.id, run(message.kind));
  });
}

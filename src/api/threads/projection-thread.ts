import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import type { Applied } from '../../projections/order-projector.js';
import type { ProjectionRunner } from '../../projections/projection-runner.js';
import { Waiters } from '../../projections/projection-waiters.js';
import { createBackgroundThread } from './background-thread.js';
import type { BackgroundTaskSettings } from './serve-background-task.js';

/** What the projector's thread tells: the rows a batch applied (after a failure, possibly none). */
export interface AppliedNotice {
  readonly kind: 'applied';
  readonly applied: readonly Applied[];
}

/** Asks the thread to try a batch that backs off after a failure now: someone waits for it. */
export const RETRY_NOW = { kind: 'retry-now' } as const;

/**
 * The projector on a thread of its own (PostgreSQL only: embedded PGlite is one connection, in the
 * main thread). Under load every step of a batch waited its turn behind the requests on the main
 * thread's event loop, and that queue was most of the projection lag. Waiting for a row stays
 * here: told by the thread's batches, or seen in the table as before.
 */
export function createProjectionThread(
  settings: BackgroundTaskSettings,
  db: Kysely<DB>,
  onError: (error: unknown) => void,
): ProjectionRunner & { close(): Promise<void> } {
  const waiters = new Waiters();
  let failure: unknown = null;
  const thread = createBackgroundThread<AppliedNotice>(
    { moduleUrl: import.meta.url, name: 'projection-thread-worker', data: () => settings },
    {
      onNotice(notice) {
        failure = null;
        waiters.reached(notice.applied);
      },
      onError(error) {
        failure = error;
        onError(error);
      },
      // A thread that replaced a dead one starts with no failure: until its batches say otherwise,
      // commands are taken (on an idle log no batch would come to clear it).
      onStarted() {
        failure = null;
      },
    },
  );
  const waitedOn = {
    get failure() {
      return failure;
    },
    retryNow: () => thread.tell(RETRY_NOW),
  };
  return {
    start: () => thread.start(),
    stop: () => thread.stop(),
    waitFor: (orderId, revision, timeoutMs) => waiters.waitFor(db, { orderId, revision, timeoutMs }, waitedOn),
    problem: () => failure,
    close: () => thread.close(),
  };
}

/**
 * The projector thread's side (projection-thread.ts): the same projection runner the main thread
 * would run, telling the main thread what each batch applied, and every failure.
 */
import { workerData } from 'node:worker_threads';
import { createProjectionRunner } from '../../projections/projection-runner.js';
import { serveBackgroundTask, type BackgroundTaskSettings } from './serve-background-task.js';
import { RETRY_NOW, type AppliedNotice } from './projection-thread.js';

let retryNow = () => undefined as void;

serveBackgroundTask(
  workerData as BackgroundTaskSettings,
  ({ db, eventStore, post, failed }) => {
    let failing = false;
    const runner = createProjectionRunner(db, eventStore, {
      onError(error) {
        failing = true;
        failed(error);
      },
      // Most batches apply nothing (the commands applied their own events): they are told only to clear a failure.
      onApplied(applied) {
        const notice: AppliedNotice = { kind: 'applied', applied };
        if (applied.length > 0 || failing) post(notice);
        failing = false;
      },
    });
    retryNow = () => runner.retryNow();
    return { start: () => runner.start(), stop: () => runner.stop() };
  },
  (message) => {
    if (message.kind === RETRY_NOW.kind) retryNow();
  },
);

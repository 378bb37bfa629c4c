/**
 * A background thread's stand-in task (background-thread.test.ts): answers start, stop and close
 * as a real task's thread does, never answers `hang`, counts its starts, and ends its thread when
 * told `die`, as a thread whose task crashed would.
 */
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
port.on('message', (message: { readonly kind: string; readonly id?: number }) => {
  if (message.kind === 'die') process.exit(1); // in a worker thread: ends the thread, not the process
  if (message.kind === 'hang') return;
  if (message.kind === 'start') port.postMessage({ kind: 'started-here' });
  port.postMessage({ id: message.id });
});

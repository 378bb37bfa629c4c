import { Worker } from 'node:worker_threads';

/**
 * Run from source (tsx, as the tests do), a worker's entry is TypeScript, and a worker thread does
 * not inherit tsx's loader: a small module registers it in the thread before importing the entry.
 * Built (`npm start` runs dist/server, see `build:server`), the entry is the bundle's JavaScript,
 * imported as it is; every file of the bundle is in that one folder.
 */
const bootOf = (fromSource: boolean) => `
  import { workerData } from 'node:worker_threads';
  ${fromSource ? "const { register } = await import('tsx/esm/api'); register();" : ''}
  await import(workerData.entry);
`;

/** A module's own `import.meta.url` tells whether it runs from source. */
const fromSource = (moduleUrl: string) => moduleUrl.endsWith('.ts');

/**
 * Starts the worker whose entry is `name` (without extension) beside the calling module, handing it
 * `data` as its workerData (besides `entry`). The thread never keeps the process alive.
 */
export function startWorkerBeside(moduleUrl: string, name: string, data: object): Worker {
  const source = fromSource(moduleUrl);
  const entry = new URL(`./${name}.${source ? 'ts' : 'js'}`, moduleUrl).href;
  const worker = new Worker(bootOf(source), { eval: true, workerData: { ...data, entry } });
  worker.unref();
  return worker;
}

/** An error as a thread can post it (an Error's own fields do not survive the copy in every Node). */
export interface PostedError {
  readonly name: string;
  readonly message: string;
}

export const postedError = (error: unknown): PostedError =>
  error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };

export const errorOf = (posted: PostedError): Error => Object.assign(new Error(posted.message), { name: posted.name });

/** What a thread answers a call with: the call's id, and its error when it failed. */
export interface ThreadReply {
  readonly id: number;
  readonly error?: PostedError;
}

/**
 * Calls to a thread, each answered by a reply with its id: a call resolves or rejects with its
 * reply, and all of those under way fail together when the thread dies.
 */
export class ThreadCalls {
  readonly #pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  #next = 0;

  /** Posts `request` with a new id to `worker`; settles with the reply to it. */
  call(worker: Worker, request: object): Promise<void> {
    return this.callWithId(worker, request).answered;
  }

  /** The same, with the call's id (for a later message about it). */
  callWithId(worker: Worker, request: object): { readonly id: number; readonly answered: Promise<void> } {
    const id = (this.#next += 1);
    const answered = new Promise<void>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    worker.postMessage({ ...request, id });
    return { id, answered };
  }

  /** Settles the call `reply` answers (a reply to no call under way is ignored). */
  answer(reply: ThreadReply): void {
    const waiting = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.error === undefined) waiting?.resolve();
    else waiting?.reject(errorOf(reply.error));
  }

  failAll(error: Error): void {
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}

/** The thread's side of a call: answers it with `work`'s outcome. */
export function answerCall(post: (reply: ThreadReply) => void, id: number, work: Promise<unknown>): void {
  work.then(
    () => post({ id }),
    (error: unknown) => post({ id, error: postedError(error) }),
  );
}

import { and, assign, emit, enqueueActions, fromCallback, fromPromise, setup, stateIn } from 'xstate';
import type { FileEntry } from '../../../domain/order/order-data.js';

/**
 * The uploader's queue (SPEC.md sections 4 and 5). Each chosen file is queued, then uploaded (at
 * most three at a time, each with its progress); when done it joins the list, when it fails it
 * waits for a retry. A queued, travelling or failed file can be cancelled; a travelling one has
 * its request aborted. After every successful upload and every removal the whole list is pushed,
 * one push at a time; a change made while a push travels is carried by the next one.
 */

/** How many files travel at the same time. */
export const PARALLEL_UPLOADS = 3;

/** Sends one file; resolves to the entries the server stored for it. Aborting the signal stops it. */
export type SendFile = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<readonly FileEntry[]>;
/** Pushes the whole list (updateFile); resolves to the list the server now keeps. */
export type PushList = (list: readonly FileEntry[]) => Promise<readonly FileEntry[]>;

/** A file on its way. Done and cancelled are final: the file joins the list, or is gone. */
export interface UploadItem {
  readonly key: string;
  readonly file: File;
  readonly status: 'queued' | 'uploading' | 'failed';
  readonly percent: number;
  /** Why it failed (for the row's text). */
  readonly error: unknown;
}

export interface QueueContext {
  readonly items: readonly UploadItem[];
  /** The list the payer sees: the server's, with the changes not pushed yet. */
  readonly list: readonly FileEntry[];
  /** The list the server last confirmed, to go back to when a push is refused. */
  readonly confirmed: readonly FileEntry[];
  /** A change waits for the next push. */
  readonly pushDue: boolean;
  readonly nextKey: number;
}

export type QueueEvent =
  | { readonly type: 'add'; readonly files: readonly File[] }
  | { readonly type: 'progress'; readonly key: string; readonly percent: number }
  | { readonly type: 'uploaded'; readonly key: string; readonly entries: readonly FileEntry[] }
  | { readonly type: 'uploadFailed'; readonly key: string; readonly error: unknown }
  | { readonly type: 'retry'; readonly key: string }
  | { readonly type: 'cancel'; readonly key: string }
  | { readonly type: 'remove'; readonly uid: string }
  /** The page read the order again: its list, taken over when nothing is under way. */
  | { readonly type: 'serverList'; readonly files: readonly FileEntry[] };

/** What the component hears: a failure to show, and each list the server confirmed. */
export type QueueEmitted =
  { readonly type: 'failed'; readonly error: unknown } | { readonly type: 'listSaved'; readonly list: readonly FileEntry[] };

interface UploadInput {
  readonly key: string;
  readonly file: File;
}

/** One file's request: progress and the outcome go back to the queue; stopping it aborts the request. */
export const uploadLogic = (send: SendFile) =>
  fromCallback<QueueEvent, UploadInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const report = (event: QueueEvent) => controller.signal.aborted || sendBack(event);
    send(input.file, (percent) => report({ type: 'progress', key: input.key, percent }), controller.signal).then(
      (entries) => report({ type: 'uploaded', key: input.key, entries }),
      (error: unknown) => report({ type: 'uploadFailed', key: input.key, error }),
    );
    return () => controller.abort();
  });

export const pushLogic = (push: PushList) =>
  fromPromise<readonly FileEntry[], { readonly list: readonly FileEntry[] }>(({ input }) => push(input.list));

const changeItem = (items: readonly UploadItem[], key: string, change: Partial<UploadItem>) =>
  items.map((item) => (item.key === key ? { ...item, ...change } : item));
const statusOf = (context: QueueContext, key: string) => context.items.find((item) => item.key === key)?.status;
const underWay = (context: QueueContext) => context.items.some((item) => item.status !== 'failed');

/** The list with the entries not in it yet added at the end. */
const joined = (list: readonly FileEntry[], entries: readonly FileEntry[]) => {
  const known = new Set(list.map((entry) => entry.uid));
  return [...list, ...entries.filter((entry) => !known.has(entry.uid))];
};

export const uploadQueueMachine = setup({
  types: {
    context: {} as QueueContext,
    events: {} as QueueEvent,
    emitted: {} as QueueEmitted,
    input: {} as { readonly files: readonly FileEntry[] },
  },
  // The component provides the real ones (the feature's upload and updateFile calls).
  actors: {
    upload: uploadLogic(() => Promise.reject(new Error('no upload call provided'))),
    pushList: pushLogic(() => Promise.reject(new Error('no list push provided'))),
  },
  guards: {
    isUploading: ({ context, event }) => 'key' in event && statusOf(context, event.key) === 'uploading',
    isFailed: ({ context, event }) => 'key' in event && statusOf(context, event.key) === 'failed',
    isInQueue: ({ context, event }) => 'key' in event && statusOf(context, event.key) !== undefined,
    pushDue: ({ context }) => context.pushDue,
    nothingUnderWay: ({ context }) => !underWay(context) && !context.pushDue,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'add') return {};
      const added = event.files.map((file, i): UploadItem => ({
        key: `upload-${context.nextKey + i}`,
        file,
        status: 'queued',
        percent: 0,
        error: null,
      }));
      return { items: [...context.items, ...added], nextKey: context.nextKey + added.length };
    }),
    /** Starts queued files, oldest first, while fewer than PARALLEL_UPLOADS travel. */
    startUploads: enqueueActions(({ context, enqueue }) => {
      const free = PARALLEL_UPLOADS - context.items.filter((item) => item.status === 'uploading').length;
      const starting = new Set(context.items.filter((item) => item.status === 'queued').slice(0, Math.max(free, 0)));
      if (starting.size === 0) return;
      enqueue.assign({ items: context.items.map((item) => (starting.has(item) ? { ...item, status: 'uploading', percent: 0 } : item)) });
      for (const item of starting) enqueue.spawnChild('upload', { id: item.key, input: { key: item.key, file: item.file } });
    }),
    setProgress: assign(({ context, event }) =>
      event.type === 'progress' ? { items: changeItem(context.items, event.key, { percent: event.percent }) } : {},
    ),
    takeUploaded: assign(({ context, event }) =>
      event.type === 'uploaded'
        ? { items: context.items.filter((item) => item.key !== event.key), list: joined(context.list, event.entries), pushDue: true }
        : {},
    ),
    markFailed: assign(({ context, event }) =>
      event.type === 'uploadFailed' ? { items: changeItem(context.items, event.key, { status: 'failed', error: event.error }) } : {},
    ),
    reportFailure: emit(({ event }) => ({ type: 'failed' as const, error: 'error' in event ? event.error : null })),
    requeue: assign(({ context, event }) =>
      event.type === 'retry' ? { items: changeItem(context.items, event.key, { status: 'queued', percent: 0, error: null }) } : {},
    ),
    dropItem: assign(({ context, event }) =>
      event.type === 'cancel' ? { items: context.items.filter((item) => item.key !== event.key) } : {},
    ),
    /** The file's request ends with it (its cleanup aborts a request still under way). */
    stopUpload: enqueueActions(({ event, enqueue }) => {
      if ('key' in event) enqueue.stopChild(event.key);
    }),
    removeEntry: assign(({ context, event }) =>
      event.type === 'remove' ? { list: context.list.filter((entry) => entry.uid !== event.uid), pushDue: true } : {},
    ),
    takeServerList: assign(({ event }) => (event.type === 'serverList' ? { list: event.files, confirmed: event.files } : {})),
    startPush: assign({ pushDue: false }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({ items: [], list: input.files, confirmed: input.files, pushDue: false, nextKey: 1 }),
  on: {
    add: { actions: ['enqueue', 'startUploads'] },
    progress: { guard: 'isUploading', actions: 'setProgress' },
    uploaded: { guard: 'isUploading', actions: ['takeUploaded', 'stopUpload', 'startUploads'] },
    uploadFailed: { guard: 'isUploading', actions: ['markFailed', 'stopUpload', 'reportFailure', 'startUploads'] },
    retry: { guard: 'isFailed', actions: ['requeue', 'startUploads'] },
    cancel: { guard: 'isInQueue', actions: ['stopUpload', 'dropItem', 'startUploads'] },
    remove: { actions: 'removeEntry' },
    serverList: { guard: and([stateIn('idle'), 'nothingUnderWay']), actions: 'takeServerList' },
  },
  // The list's pushes: one at a time, each carrying every change made before it started.
  initial: 'idle',
  states: {
    idle: { always: { guard: 'pushDue', target: 'pushing' } },
    pushing: {
      entry: 'startPush',
      invoke: {
        id: 'push',
        src: 'pushList',
        input: ({ context }) => ({ list: context.list }),
        onDone: {
          target: 'idle',
          actions: [
            // The server's answer is the list, unless changes have been made since the push left.
            assign(({ context, event }) => ({
              confirmed: event.output,
              list: underWay(context) || context.pushDue ? context.list : event.output,
            })),
            emit(({ event }) => ({ type: 'listSaved' as const, list: event.output })),
          ],
        },
        onError: {
          target: 'idle',
          // A refused push: back to what the server keeps.
          actions: [assign(({ context }) => ({ list: context.confirmed, pushDue: false })), 'reportFailure'],
        },
      },
    },
  },
});

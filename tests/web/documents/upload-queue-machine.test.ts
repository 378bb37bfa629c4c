import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { FileEntry } from '../../../src/domain/order/order-data.js';
import {
  PARALLEL_UPLOADS,
  pushLogic,
  uploadLogic,
  uploadQueueMachine,
  type QueueEvent,
} from '../../../src/web/components/documents/upload-queue-machine.js';

type Snapshot = SnapshotFrom<typeof uploadQueueMachine>;

const entry = (uid: string, name = `${uid}.pdf`): FileEntry => ({ uid, name, status: 'done', url: `/api/v1/files/${uid}` });
const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

/** The machine after these events, from a list of `files`, with the actions the last step would run. */
function after(events: readonly (QueueEvent | AnyEventObject)[], files: readonly FileEntry[] = []) {
  let [snapshot, actions] = initialTransition(uploadQueueMachine, { files });
  for (const event of events) [snapshot, actions] = transition(uploadQueueMachine, snapshot, event as QueueEvent);
  return { snapshot, actions };
}

const statuses = (snapshot: Snapshot) => snapshot.context.items.map((item) => [item.file.name, item.status]);
const pushed = (list: readonly FileEntry[]) => ({ type: 'xstate.done.actor.push', output: list });
const refused = (error: unknown) => ({ type: 'xstate.error.actor.push', error });
const spawned = (actions: readonly { type: string; params?: unknown }[]) =>
  actions.filter((action) => action.type === 'xstate.spawnChild').map((action) => (action.params as { id: string }).id);
const stopped = (actions: readonly { type: string; params?: unknown }[]) =>
  actions.filter((action) => action.type === 'xstate.stopChild').map((action) => (action.params as { id: string }).id);
const emitted = (actions: readonly { type: string; params?: unknown }[]) =>
  actions.filter((action) => action.type === 'xstate.emit').map((action) => (action.params as { event: { type: string } }).event);

const FOUR = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map(file);

describe('the upload queue machine', () => {
  it('starts with the server list, nothing queued, no push', () => {
    const { snapshot } = after([], [entry('u1')]);
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.list).toEqual([entry('u1')]);
    expect(snapshot.context.items).toEqual([]);
  });

  it(`sends at most ${PARALLEL_UPLOADS} files at a time; the others wait in the queue`, () => {
    const { snapshot, actions } = after([{ type: 'add', files: FOUR }]);
    expect(statuses(snapshot)).toEqual([
      ['a.pdf', 'uploading'],
      ['b.pdf', 'uploading'],
      ['c.pdf', 'uploading'],
      ['d.pdf', 'queued'],
    ]);
    expect(spawned(actions)).toEqual(['upload-1', 'upload-2', 'upload-3']);
  });

  it("keeps each file's progress", () => {
    const { snapshot } = after([
      { type: 'add', files: FOUR },
      { type: 'progress', key: 'upload-2', percent: 40 },
    ]);
    expect(snapshot.context.items.map((item) => item.percent)).toEqual([0, 40, 0, 0]);
  });

  it('puts a done file into the list, pushes the list, and starts the next queued file', () => {
    const { snapshot, actions } = after(
      [
        { type: 'add', files: FOUR },
        { type: 'uploaded', key: 'upload-1', entries: [entry('s1', 'a.pdf')] },
      ],
      [entry('u1')],
    );
    expect(snapshot.context.list).toEqual([entry('u1'), entry('s1', 'a.pdf')]);
    expect(statuses(snapshot)).toEqual([
      ['b.pdf', 'uploading'],
      ['c.pdf', 'uploading'],
      ['d.pdf', 'uploading'],
    ]);
    expect(stopped(actions)).toEqual(['upload-1']);
    // The next file's request and the list's push both start.
    expect(spawned(actions)).toEqual(['upload-4', 'push']);
    expect(snapshot.value).toBe('pushing');
  });

  it('keeps a failed file with its error, tells so, and moves on', () => {
    const error = new Error('refused');
    const { snapshot, actions } = after([
      { type: 'add', files: FOUR },
      { type: 'uploadFailed', key: 'upload-1', error },
    ]);
    expect(statuses(snapshot)[0]).toEqual(['a.pdf', 'failed']);
    expect(snapshot.context.items[0]!.error).toBe(error);
    expect(emitted(actions)).toEqual([{ type: 'failed', error }]);
    expect(spawned(actions)).toEqual(['upload-4']);
    expect(snapshot.value).toBe('idle');
  });

  it('retries a failed file: back to the queue, and on its way as soon as a place is free', () => {
    const failedOne = [
      { type: 'add', files: [file('a.pdf')] },
      { type: 'uploadFailed', key: 'upload-1', error: new Error('x') },
    ] as const;
    const { snapshot, actions } = after([...failedOne, { type: 'retry', key: 'upload-1' }]);
    expect(statuses(snapshot)).toEqual([['a.pdf', 'uploading']]);
    expect(snapshot.context.items[0]!.error).toBeNull();
    expect(spawned(actions)).toEqual(['upload-1']);

    const full = after([
      { type: 'add', files: FOUR },
      { type: 'uploadFailed', key: 'upload-1', error: new Error('x') },
      { type: 'retry', key: 'upload-1' },
    ]);
    expect(statuses(full.snapshot)[0]).toEqual(['a.pdf', 'queued']);
  });

  it('only retries a failed file', () => {
    const { snapshot, actions } = after([
      { type: 'add', files: [file('a.pdf')] },
      { type: 'retry', key: 'upload-1' },
    ]);
    expect(statuses(snapshot)).toEqual([['a.pdf', 'uploading']]);
    expect(spawned(actions)).toEqual([]);
  });

  it('cancels a travelling file: its request is stopped, the file leaves, the next one starts', () => {
    const { snapshot, actions } = after([
      { type: 'add', files: FOUR },
      { type: 'cancel', key: 'upload-2' },
    ]);
    expect(statuses(snapshot)).toEqual([
      ['a.pdf', 'uploading'],
      ['c.pdf', 'uploading'],
      ['d.pdf', 'uploading'],
    ]);
    expect(stopped(actions)).toEqual(['upload-2']);
    expect(spawned(actions)).toEqual(['upload-4']);
    expect(snapshot.value).toBe('idle');
  });

  it('cancels a queued or a failed file without sending anything', () => {
    const queued = after([
      { type: 'add', files: FOUR },
      { type: 'cancel', key: 'upload-4' },
    ]);
    expect(statuses(queued.snapshot).map(([name]) => name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(spawned(queued.actions)).toEqual([]);
    const failed = after([
      { type: 'add', files: [file('a.pdf')] },
      { type: 'uploadFailed', key: 'upload-1', error: null },
      { type: 'cancel', key: 'upload-1' },
    ]);
    expect(failed.snapshot.context.items).toEqual([]);
  });

  it('ignores the answer of a cancelled file', () => {
    const { snapshot } = after([
      { type: 'add', files: [file('a.pdf')] },
      { type: 'cancel', key: 'upload-1' },
      { type: 'uploaded', key: 'upload-1', entries: [entry('s1')] },
    ]);
    expect(snapshot.context.list).toEqual([]);
    expect(snapshot.value).toBe('idle');
  });

  it('pushes the list without a removed file', () => {
    const { snapshot } = after([{ type: 'remove', uid: 'u1' }], [entry('u1'), entry('u2')]);
    expect(snapshot.context.list).toEqual([entry('u2')]);
    expect(snapshot.value).toBe('pushing');
  });

  it('pushes one list at a time: a change made meanwhile goes with the next push', () => {
    const start = [
      { type: 'remove', uid: 'u1' },
      { type: 'remove', uid: 'u2' },
    ] as const;
    const meanwhile = after([...start], [entry('u1'), entry('u2'), entry('u3')]);
    expect(meanwhile.snapshot.value).toBe('pushing');
    expect(meanwhile.snapshot.context.pushDue).toBe(true);

    const next = after([...start, pushed([entry('u2'), entry('u3')])], [entry('u1'), entry('u2'), entry('u3')]);
    expect(next.snapshot.value).toBe('pushing');
    expect(next.snapshot.context.pushDue).toBe(false);
    // The second push carries both removals.
    expect(next.snapshot.context.list).toEqual([entry('u3')]);
  });

  it("takes the server's answer as the list once nothing else is under way, and says it was saved", () => {
    const kept = [entry('u2', 'kept by the server')];
    const { snapshot, actions } = after([{ type: 'remove', uid: 'u1' }, pushed(kept)], [entry('u1'), entry('u2')]);
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.list).toEqual(kept);
    expect(snapshot.context.confirmed).toEqual(kept);
    expect(emitted(actions)).toEqual([{ type: 'listSaved', list: kept }]);
  });

  it('keeps its own list while files still travel', () => {
    const { snapshot } = after([
      { type: 'add', files: [file('a.pdf'), file('b.pdf')] },
      { type: 'uploaded', key: 'upload-1', entries: [entry('s1')] },
      pushed([entry('s1')]),
    ]);
    expect(snapshot.context.confirmed).toEqual([entry('s1')]);
    expect(snapshot.context.list).toEqual([entry('s1')]);
    const local = after([
      { type: 'add', files: [file('a.pdf'), file('b.pdf')] },
      { type: 'uploaded', key: 'upload-1', entries: [entry('s1')] },
      pushed([]),
    ]);
    expect(local.snapshot.context.list).toEqual([entry('s1')]);
  });

  it('goes back to the confirmed list when a push is refused, and tells so', () => {
    const error = new Error('上传链接已失效');
    const { snapshot, actions } = after([{ type: 'remove', uid: 'u1' }, refused(error)], [entry('u1')]);
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.list).toEqual([entry('u1')]);
    expect(emitted(actions)).toEqual([{ type: 'failed', error }]);
  });

  it("takes the page's list only when nothing is under way", () => {
    const fresh = [entry('n1')];
    expect(after([{ type: 'serverList', files: fresh }]).snapshot.context.list).toEqual(fresh);
    expect(
      after([
        { type: 'add', files: [file('a.pdf')] },
        { type: 'serverList', files: fresh },
      ]).snapshot.context.list,
    ).toEqual([]);
    expect(
      after(
        [
          { type: 'remove', uid: 'u1' },
          { type: 'serverList', files: fresh },
        ],
        [entry('u1')],
      ).snapshot.context.list,
    ).toEqual([]);
  });
});

describe('the upload queue machine, running', () => {
  it('aborts the request of a cancelled file and pushes each finished one', async () => {
    const signals: AbortSignal[] = [];
    const finish: ((entries: readonly FileEntry[]) => void)[] = [];
    const pushes: (readonly FileEntry[])[] = [];
    const actor = createActor(
      uploadQueueMachine.provide({
        actors: {
          upload: uploadLogic((_file, _progress, signal) => {
            signals.push(signal);
            return new Promise((resolve) => finish.push(resolve));
          }),
          pushList: pushLogic(async (list) => {
            pushes.push(list);
            return list;
          }),
        },
      }),
      { input: { files: [] } },
    ).start();
    actor.send({ type: 'add', files: [file('a.pdf'), file('b.pdf')] });
    expect(signals).toHaveLength(2);

    actor.send({ type: 'cancel', key: 'upload-1' });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);

    finish[1]!([entry('s2', 'b.pdf')]);
    await expect.poll(() => pushes).toEqual([[entry('s2', 'b.pdf')]]);
    await expect.poll(() => actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.items).toEqual([]);
    actor.stop();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createBackgroundThread } from '../../src/api/threads/background-thread.js';

/** A background thread over the stand-in task, recording what it tells. */
function standIn() {
  const told = { starts: 0, notices: 0, errors: [] as unknown[] };
  const thread = createBackgroundThread(
    { moduleUrl: import.meta.url, name: 'support/dying-task-worker', data: () => ({}) },
    {
      onNotice: () => void (told.notices += 1),
      onError: (error) => void told.errors.push(error),
      onStarted: () => void (told.starts += 1),
    },
  );
  return { thread, told };
}

/**
 * What runs the projector and the notifier on PostgreSQL (background-thread.ts): a thread that dies
 * while its task runs is replaced a second later and its task started again, from its checkpoint.
 */
describe('a background thread', () => {
  it('that dies while its task runs is replaced, and the task started again on the new thread', async () => {
    const { thread, told } = standIn();
    try {
      await thread.start();
      expect([told.starts, told.notices]).toEqual([1, 1]);
      thread.tell({ kind: 'die' });
      await vi.waitFor(() => expect(told.starts).toBe(2), { timeout: 10_000, interval: 50 });
      // The new thread's own start, not the old one's answer.
      expect(told.notices).toBe(2);
      thread.tell({ kind: 'die' });
      await vi.waitFor(() => expect(told.starts).toBe(3), { timeout: 10_000, interval: 50 });
    } finally {
      await thread.close();
    }
  });

  it('fails the calls under way when it dies, and is not replaced once its task was stopped', async () => {
    const { thread, told } = standIn();
    try {
      await thread.start();
      const hanging = thread.call('hang');
      thread.tell({ kind: 'die' });
      await expect(hanging).rejects.toThrow(/stopped/);
      await vi.waitFor(() => expect(told.starts).toBe(2), { timeout: 10_000, interval: 50 });
      await thread.stop();
      thread.tell({ kind: 'die' });
      // Longer than the replacement's second: nothing starts the task again.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(told.starts).toBe(2);
    } finally {
      await thread.close();
    }
  });
});

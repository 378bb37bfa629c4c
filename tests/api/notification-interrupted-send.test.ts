import { describe, expect, it } from 'vitest';
import { INTERRUPTED_SEND } from '../../src/api/notifications/notifications-repository.js';
import { dueMailDelivery } from './support/deliveries.js';
import { dataOf } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const TIMEOUT_MS = 400;

interface Failed {
  items: { id: string; last_error: string | null }[];
}

/**
 * At most once per recipient and channel (DESIGN.md section 11), across a crash: a process that
 * stopped in the middle of a send may have had the mail accepted, so the delivery is never sent
 * again; it is shown to admins as interrupted once no live send could still be under way.
 */
describe.each(ENGINES)('a send cut short by a stopped process on %s', (engine) => {
  const t = appForSuite(engine, { notifier: { intervalMs: 60_000, sendTimeoutMs: TIMEOUT_MS, maxAttempts: 3, retryMs: 1_000 } });
  const [payer, admin] = t.users('payer', 'admin');

  const delivery = (key: string, sendingSince: Date | null, attempts: number) =>
    dueMailDelivery({ userId: payer.id, key, to: `${key}@example.com`, now: t.clock.now(), attempts, sendingSince });
  const rowOf = (key: string) =>
    t.deps.db
      .selectFrom('notification_deliveries')
      .select(['sent_at', 'failed_at', 'last_error', 'sending_since', 'attempts'])
      .where('source_key', '=', key)
      .executeTakeFirstOrThrow();
  const mailedTo = (key: string) => t.mail.filter((mail) => mail.to === `${key}@example.com`).length;

  it('never sends again a delivery whose send a stopped process left under way, and shows it to admins', async () => {
    const now = t.clock.now();
    const crashed = `crashed-${engine}`;
    const underWay = `under-way-${engine}`;
    const due = `due-${engine}`;
    await t.deps.db
      .insertInto('notification_deliveries')
      .values([
        // Left by a process that stopped an hour ago in the middle of its first try.
        delivery(crashed, new Date(now.getTime() - 3_600_000), 1),
        // Another live process is sending it right now.
        delivery(underWay, new Date(now.getTime() - 10), 1),
        delivery(due, null, 0),
      ])
      .execute();

    await t.runtime.notifier.tick();

    expect(mailedTo(crashed)).toBe(0);
    expect(await rowOf(crashed)).toMatchObject({ sent_at: null, last_error: INTERRUPTED_SEND, sending_since: null, attempts: 1 });
    expect((await rowOf(crashed)).failed_at).not.toBeNull();
    expect(mailedTo(underWay)).toBe(0);
    expect(await rowOf(underWay)).toMatchObject({ failed_at: null, last_error: null });
    expect(mailedTo(due)).toBe(1);
    expect(await rowOf(due)).toMatchObject({ failed_at: null, sending_since: null, attempts: 1 });
    expect((await rowOf(due)).sent_at).not.toBeNull();

    const failed = dataOf<Failed>(await t.post('/api/v1/manage/notifications/failed', {}, admin.token), 'failed deliveries');
    expect(failed.items.filter((item) => item.last_error === INTERRUPTED_SEND)).toHaveLength(1);

    // Long after any live send would have ended, the one under way is given up the same way: still never sent twice.
    t.clock.advance(2 * TIMEOUT_MS + 60_001 + 10);
    await t.runtime.notifier.tick();
    expect(mailedTo(underWay)).toBe(0);
    expect((await rowOf(underWay)).last_error).toBe(INTERRUPTED_SEND);
    expect(mailedTo(due)).toBe(1);
  });
});

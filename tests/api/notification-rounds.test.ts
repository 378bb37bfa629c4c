import { describe, expect, it } from 'vitest';
import type { Mail } from '../../src/api/auth/mailer.js';
import { DELIVERY_ROUND } from '../../src/api/notifications/deliver.js';
import { dueMailDelivery } from './support/deliveries.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/** More than two rounds of deliveries. */
const DUE = 2 * DELIVERY_ROUND + 5;

/**
 * A round of deliveries is claimed in one statement and its sent ones marked in one more: still at
 * most once per recipient and channel when two notifiers take the same round at the same moment,
 * and a send that fails is the only one of its round kept for another try.
 */
describe.each(ENGINES)('rounds of deliveries on %s', (engine) => {
  const sent: Mail[] = [];
  const mailer = {
    send: async (mail: Mail) => {
      // Two sends of one round are under way at once, as with a real mail server.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (mail.to.startsWith('refused')) throw new Error(`550 mailbox ${mail.to} unavailable`);
      sent.push(mail);
    },
  };
  const t = appForSuite(engine, { mailer, notifier: { intervalMs: 60_000, sendTimeoutMs: 2_000, maxAttempts: 3, retryMs: 1_000 } });
  const [payer] = t.users('payer');

  const delivery = (key: string, to: string) => dueMailDelivery({ userId: payer.id, key, to, now: t.clock.now() });
  const rows = (prefix: string) =>
    t.deps.db
      .selectFrom('notification_deliveries')
      .select(['source_key', 'sent_at', 'failed_at', 'last_error', 'sending_since', 'attempts', 'next_attempt_at'])
      .where('source_key', 'like', `${prefix}%`)
      .orderBy('source_key')
      .execute();

  it('sends every due delivery once when two notifiers deliver at the same moment', async () => {
    const prefix = `race-${engine}-`;
    const keys = Array.from({ length: DUE }, (_, index) => `${prefix}${String(index).padStart(3, '0')}`);
    await t.deps.db
      .insertInto('notification_deliveries')
      .values(keys.map((key) => delivery(key, `${key}@example.com`)))
      .execute();

    await Promise.all([t.runtime.notifier.tick(), t.runtime.notifier.tick()]);

    const mailedTo = sent.filter((mail) => mail.to.startsWith(prefix)).map((mail) => mail.to);
    expect(mailedTo.sort()).toEqual(keys.map((key) => `${key}@example.com`));
    for (const row of await rows(prefix)) {
      expect(row).toMatchObject({ failed_at: null, sending_since: null, attempts: 1, last_error: null });
      expect(row.sent_at).not.toBeNull();
    }
  });

  it('keeps only the refused send of a round for another try, and marks the others sent', async () => {
    const prefix = `mixed-${engine}-`;
    const refused = `${prefix}refused`;
    await t.deps.db
      .insertInto('notification_deliveries')
      .values([
        delivery(`${prefix}a`, `${prefix}a@example.com`),
        delivery(refused, `refused-${engine}@example.com`),
        delivery(`${prefix}b`, `${prefix}b@example.com`),
      ])
      .execute();

    await t.runtime.notifier.tick();

    const [a, b, refusedRow] = await rows(prefix);
    expect(a!.sent_at).not.toBeNull();
    expect(b!.sent_at).not.toBeNull();
    expect(refusedRow).toMatchObject({ source_key: refused, sent_at: null, failed_at: null, sending_since: null, attempts: 1 });
    // The error is kept without the address; the next try is a retry interval later.
    expect(refusedRow!.last_error).toBe('Error: 550 mailbox <address> unavailable');
    expect(new Date(refusedRow!.next_attempt_at).getTime()).toBe(t.clock.now().getTime() + 1_000);

    t.clock.advance(1_001);
    await t.runtime.notifier.tick();
    expect((await rows(prefix))[2]).toMatchObject({ attempts: 2, sent_at: null, failed_at: null });
    expect(sent.filter((mail) => mail.to.startsWith(prefix))).toHaveLength(2);
  });
});

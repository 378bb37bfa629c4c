import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { ERASED, type AuditOrderHistory } from '../../src/domain/index.js';
import { dataOf, orderInStatus } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/**
 * A key destroyed by another process (or by hand) reaches this one through subject_keys_changed:
 * the person reads as erased here too, without a restart, though the key was cached.
 */
describe.each(ENGINES)('an erasure made elsewhere, on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, admin] = t.users('payer', 'admin');

  it('reads the person as erased once the key is gone, though this process had cached it', async () => {
    const order = await orderInStatus(t, payer, 0);
    const idcode = async () =>
      dataOf<AuditOrderHistory>(await t.post('/api/v1/audit/order/history', { id: order }, admin.token), 'history')
        .events.flatMap((event) => event.changes)
        .find((change) => change.field === 'payer.student_idcode')?.after;
    expect(await idcode()).toBe('110101199003071234');
    await sql`update subject_keys set key = null, erased_at = now() where subject_id = ${`user-${payer.id}`}`.execute(t.deps.db);
    await vi.waitFor(async () => expect(await idcode()).toBe(ERASED), { timeout: 5_000 });
  });
});

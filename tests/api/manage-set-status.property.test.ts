import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from './support/fixtures.js';
import { paidOrder, partnerBody, postPartnerOrder } from './support/back-office.js';
import { startTestApp, type TestApp, type TestUser } from './support/test-app.js';

/** SPEC.md section 4 "Admin transitions": what an admin may ever set, by kind of order. */
const EVER_SETTABLE = { order: [5, 6, 7, 9, 10], partner: [5, 7, 9, 10] } as const;

describe('admin setStatus, for all sequences (PGlite)', () => {
  let t: TestApp;
  let admin: TestUser;
  let payer: TestUser;
  let partnerOrders = 0;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    [admin, payer] = await Promise.all([t.createUser({ group: 1 }), t.createUser()]);
  });
  afterAll(() => t.close());

  const eventCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('es_events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const statusOf = async (id: string) =>
    (await t.deps.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('only ever produces a status the machine offered and SPEC allows; every refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('order' as const, 'partner' as const),
        fc.array(fc.integer({ min: -1, max: 14 }), { minLength: 1, maxLength: 6 }),
        async (kind, targets) => {
          partnerOrders += 1;
          const id =
            kind === 'order'
              ? await paidOrder(t, payer)
              : (await postPartnerOrder(t, partnerBody(`GIC-P-${partnerOrders}`))).json().data.id;
          const path = kind === 'order' ? '/api/v1/manage/setStatus' : '/api/v1/manage/gic/setStatus';
          for (const status of targets) {
            const offered = dataOf<{ settable_statuses: number[] }>(
              await t.post('/api/v1/manage/order/find', { id }, admin.token),
              'find',
            ).settable_statuses;
            const [eventsBefore, statusBefore] = [await eventCount(), await statusOf(id)];
            const answer = await t.post(path, { id, status }, admin.token);
            if (answer.statusCode === 200) {
              expect(offered).toContain(status);
              expect(EVER_SETTABLE[kind]).toContain(status);
              expect(await statusOf(id)).toBe(status);
              expect(await eventCount()).toBe(eventsBefore + 1);
            } else {
              expect(offered, `${kind} ${statusBefore} → ${status}`).not.toContain(status);
              expect([409, 422]).toContain(answer.statusCode);
              expect(await eventCount()).toBe(eventsBefore);
              expect(await statusOf(id)).toBe(statusBefore);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

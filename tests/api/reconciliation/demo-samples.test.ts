import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../support/fixtures.js';
import { appForSuite } from '../support/suite-app.js';
import { ENGINES } from '../support/test-app.js';
import { ENTRIES, importFile } from './support.js';

const sample = (name: string) => readFile(new URL(`../../../samples/statements/${name}`, import.meta.url));

/** The sample statements (docs/operations.md) against the demo's seeded orders: one full, one short, one over, one unmatched each. */
describe.each(ENGINES)('the demo statements on %s', (engine) => {
  const t = appForSuite(engine, { demoPartnerOrders: true });
  const [admin] = t.users('admin');
  const order = (order_no: string) =>
    t.deps.db.selectFrom('orders').select(['status', 'paid_cny', 'balance_cny']).where('order_no', '=', order_no).executeTakeFirstOrThrow();

  it('matches the seeded orders, and a second import moves nothing', async () => {
    for (const [file, numbers] of [
      ['demo.camt053.xml', ['20260115-900001', '20260115-900002', '20260115-900003']],
      ['demo.csv', ['20260115-900011', '20260115-900012', '20260115-900013']],
    ] as const) {
      const before = await Promise.all(numbers.map(order));
      expect(before.map((row) => row.status)).toEqual([4, 4, 4]);
      const answer = dataOf(await importFile(t, admin, file, await sample(file)), file);
      expect(answer).toMatchObject({ entries: 5, matched: 3, unmatched: 1, duplicates: 0 });
      const [full, short, over] = await Promise.all(numbers.map(order));
      expect(full).toMatchObject({ status: 4, balance_cny: '0.00' });
      expect(short!.status).toBe(12);
      expect(Number(short!.balance_cny)).toBeLessThan(0);
      expect(over!.status).toBe(4);
      expect(Number(over!.balance_cny)).toBeGreaterThan(0);
      expect(dataOf(await importFile(t, admin, file, await sample(file)), file)).toMatchObject({ matched: 0, duplicates: 5 });
    }
    const unmatched = dataOf<{ data: { entry_ref: string }[] }>(
      await t.post(ENTRIES, { state: 'unmatched', keyword: 'DEMO-' }, admin.token),
      'entries',
    );
    expect(unmatched.data.map((entry) => entry.entry_ref).sort()).toEqual(['DEMO-CAMT-0004', 'DEMO-CSV-0004']);
  });
});

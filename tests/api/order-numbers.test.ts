import { describe, expect, it } from 'vitest';
import { racingProcesses } from './support/another-process.js';
import { dataOf } from './support/fixtures.js';
import { ENGINES } from './support/test-app.js';

/** The sequence part of an order number (20261126-000042 → 42). */
const sequenceOf = (orderNo: string): number => Number(/^\d{8}-(\d{6,})$/.exec(orderNo)?.[1] ?? Number.NaN);

/**
 * Each process takes order numbers from the sequence a block at a time (src/api/orders/order-sequence.ts):
 * two processes creating at once must still never hand out a number twice.
 */
describe.skipIf(!ENGINES.includes('postgres'))('order numbers of creates racing through two processes on PostgreSQL', () => {
  const racing = racingProcesses(0);

  it('are never handed out twice, however many creates race, and each is readable as a number', async () => {
    const { t, user, other } = racing;
    const ids = await Promise.all(
      Array.from({ length: 120 }, async (_, index) => {
        const response = await (index % 2 === 0 ? t.app : other.app).inject({
          method: 'POST',
          url: '/api/v1/step/amount/create',
          headers: { authorization: `Bearer ${user.token}` },
          payload: { resource: 1004, amount: String(6000 + index), from: 'test' },
        });
        return dataOf<{ id: string }>(response, 'amount/create').id;
      }),
    );
    const numbers = await Promise.all(
      ids.map(async (id) => dataOf<{ order_no: string }>(await t.post('/api/v1/step/order/find', { id }, user.token), 'find').order_no),
    );
    const sequences = numbers.map(sequenceOf);
    expect(sequences.every((sequence) => Number.isSafeInteger(sequence) && sequence > 0)).toBe(true);
    expect(new Set(sequences).size).toBe(ids.length);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMoney, decide, excessMoney, type OrderCommand } from '../../src/domain/index.js';
import { BANK, contextFor, historyTo, stateAfter } from './support.js';

/** Money beyond the locked CNY amount is recorded as an overpayment to refund, never taken as exact. */
describe('overpayment', () => {
  const cents = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
  const pay = (amount: string, n: number): OrderCommand => ({ type: 'recordPayment', payment_id: `p-${n}`, amount_cny: amount });

  it('given an order awaiting payment, when payments of any amounts arrive, then overpaid is what exceeds the amount due', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 10_000_000_00n }), { minLength: 1, maxLength: 5 }), (amounts) => {
        let state = stateAfter(historyTo(2));
        const due = state.context.price!.cny_amount;
        amounts.forEach((amount, n) => {
          if (state.context.status === 4) return;
          const decision = decide(state, pay(cents(amount), n), contextFor(BANK));
          if (!decision.ok) throw decision.error;
          state = decision.state;
        });
        const paid = state.context.paid_cny;
        expect(state.context.overpaid_cny).toBe(excessMoney(paid, due));
        expect(compareMoney(state.context.overpaid_cny, '0') > 0).toBe(compareMoney(paid, due) > 0);
      }),
    );
  });

  it('keeps the order moving to 4 (the money is there) with the excess on record', () => {
    const state = stateAfter(historyTo(2));
    const decision = decide(state, pay('999999999999.99', 0), contextFor(BANK));
    expect(decision.ok && decision.state.context).toMatchObject({ status: 4, paid_cny: '999999999999.99' });
    expect(decision.ok && compareMoney(decision.state.context.overpaid_cny, '999999000000.00')).toBe(1);
  });
});

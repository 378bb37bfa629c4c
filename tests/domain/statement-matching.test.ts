import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchStatement, type CreditEntry, type OrderFunds } from '../../src/domain/funds/statement-matching.js';
import { addMoney } from '../../src/domain/index.js';

const ORDER: OrderFunds = { order_id: 'o1', order_no: '20261126-000042', due_cny: '87623.28', received_cny: '0.00', takesMoney: true };
const credit = (entry_ref: string, amount_cny: string, postscript = `学费 ${ORDER.order_no}`): CreditEntry => ({
  entry_ref,
  direction: 'credit',
  amount_cny,
  postscript,
});
const match = (entries: CreditEntry[], orders: OrderFunds[] = [ORDER], imported: string[] = []) =>
  matchStatement(entries, { imported: new Set(imported), orders: new Map(orders.map((order) => [order.order_no, order])) });

describe('matching a statement to orders: given the orders, when the statement is read, then each entry', () => {
  it('pays an order in full, short (naming the shortfall) or over (naming the excess)', () => {
    expect(match([credit('r1', '87623.28')])).toEqual([
      {
        kind: 'matched',
        order_id: 'o1',
        order_no: ORDER.order_no,
        outcome: 'full',
        received_cny: '87623.28',
        shortfall_cny: '0.00',
        excess_cny: '0.00',
      },
    ]);
    expect(match([credit('r1', '86623.28')])[0]).toMatchObject({ outcome: 'short', shortfall_cny: '1000.00' });
    expect(match([credit('r1', '88000.00')])[0]).toMatchObject({ outcome: 'over', excess_cny: '376.72' });
  });

  it('counts what came before: a top-up after a short payment completes it', () => {
    const verdicts = match([credit('r1', '86623.28'), credit('r2', '1000.00')]);
    expect(verdicts.map((verdict) => verdict.kind === 'matched' && verdict.outcome)).toEqual(['short', 'full']);
  });

  it('is a duplicate when its reference was imported before or stands twice, and a debit is nobody’s payment', () => {
    expect(match([credit('r1', '10.00')], [ORDER], ['r1'])).toEqual([{ kind: 'duplicate' }]);
    expect(match([credit('r1', '10.00'), credit('r1', '10.00')]).map((verdict) => verdict.kind)).toEqual(['matched', 'duplicate']);
    expect(match([{ ...credit('r1', '10.00'), direction: 'debit' }])).toEqual([{ kind: 'debit' }]);
  });

  it('waits for a person when no order, an unknown one, one that takes no money, or several are named', () => {
    const other: OrderFunds = { ...ORDER, order_id: 'o2', order_no: '20261126-000043' };
    const reasons = match(
      [
        credit('a', '1.00', '学费'),
        credit('b', '1.00', '20261126-999999'),
        credit('c', '1.00', `${ORDER.order_no} ${other.order_no}`),
        credit('d', '1.00', other.order_no),
      ],
      [ORDER, { ...other, takesMoney: false }, { ...other, takesMoney: false }],
    );
    expect(reasons.map((verdict) => verdict.kind === 'unmatched' && verdict.reason)).toEqual([
      'no_order_number',
      'unknown_order',
      false,
      'order_not_awaiting_money',
    ]);
    const both = match([credit('c', '1.00', `${ORDER.order_no} ${other.order_no}`)], [ORDER, other]);
    expect(both).toEqual([{ kind: 'unmatched', reason: 'several_orders' }]);
  });

  it('for any statement: every fen matched is counted once, and importing it again matches nothing', () => {
    const orders = ['000001', '000002', '000003'].map((sequence, index) => ({
      ...ORDER,
      order_id: `o${index}`,
      order_no: `20261126-${sequence}`,
    }));
    const entry = fc.record({
      entry_ref: fc.constantFrom('r1', 'r2', 'r3', 'r4', 'r5', 'r6'),
      direction: fc.constantFrom('credit' as const, 'debit' as const),
      amount_cny: fc.integer({ min: 1, max: 10_000_000 }).map((fen) => (fen / 100).toFixed(2)),
      postscript: fc.constantFrom('', ...orders.map((order) => order.order_no), `${orders[0]!.order_no} ${orders[1]!.order_no}`),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 10 }), (entries) => {
        const verdicts = match(entries, orders);
        const counted = new Map<string, string>();
        verdicts.forEach((verdict, index) => {
          if (verdict.kind !== 'matched') return;
          counted.set(verdict.order_id, addMoney(counted.get(verdict.order_id) ?? '0', entries[index]!.amount_cny));
          expect(verdict.received_cny).toBe(counted.get(verdict.order_id));
        });
        const refs = entries.map((one) => one.entry_ref);
        expect(verdicts.filter((verdict) => verdict.kind !== 'duplicate')).toHaveLength(new Set(refs).size);
        expect(match(entries, orders, refs).every((verdict) => verdict.kind === 'duplicate')).toBe(true);
      }),
    );
  });
});

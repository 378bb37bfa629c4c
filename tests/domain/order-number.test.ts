import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOrderNumber, legacyOrderNumber, orderNumber } from '../../src/domain/order/order-number.js';
import { decide, evolve, initialOrderState } from '../../src/domain/index.js';
import { OWNER, contextFor, createdOnly, stateAfter } from './support.js';

describe('the readable order number', () => {
  it('is the China-time day and the sequence, six digits at least', () => {
    expect(orderNumber('2026-11-25T15:59:59.999Z', 42)).toBe('20261125-000042');
    expect(orderNumber('2026-11-25T16:00:00.000Z', 42)).toBe('20261126-000042');
    expect(orderNumber('2026-11-25T16:00:00.000Z', 1234567)).toBe('20261126-1234567');
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(orderNumber('2026-11-25T16:00:00.000Z', bad)).toBeNull();
    expect(orderNumber('not a date', 1)).toBeNull();
  });
  it('for all instants and sequences: a valid number, and different sequences never share one', () => {
    const instant = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (at, a, b) => {
        const first = orderNumber(at, a)!;
        expect(isOrderNumber(first)).toBe(true);
        if (a !== b) expect(orderNumber(at, b)).not.toBe(first);
      }),
    );
  });
  it('is recorded when the order is created, and an order created before numbers gets the same one on every replay', () => {
    const created = createdOnly();
    expect(stateAfter(created).context.order_no).toBe(legacyOrderNumber(stateAfter(created).context.id, created[0]!.meta.occurred_at));
    expect(legacyOrderNumber('0b9a4c2e-5f1d-4e8a-9c3b-1d2e3f4a5b6c', '2026-11-25T16:00:00.000Z')).toBe('20261126-0B9A4C2E');
    const command = {
      type: 'createOrder',
      order_id: 'o-numbered',
      resource: { id: '996', name: 'x', currency: 'EUR' },
      amount: '5000',
      sequence: 7,
    } as const;
    const decision = decide(initialOrderState(), command, contextFor(OWNER));
    if (!decision.ok) throw decision.error;
    expect(decision.events[0]!.data).toMatchObject({ order_no: expect.stringMatching(/^\d{8}-000007$/) });
    expect(evolve(initialOrderState(), decision.events[0]!).context.order_no).toMatch(/^\d{8}-000007$/);
  });
});

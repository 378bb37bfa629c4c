import { describe, expect, it } from 'vitest';
import { abilitiesOf } from '../../../src/web/features/orders/detail/abilities.js';
import type { OrderView } from '../../../src/domain/contract/order.js';

const order = (status: number, ownerId: number, bank = 1): OrderView =>
  ({
    id: 'o1',
    status,
    amount: '5000.00',
    currency: 'EUR',
    cny_amount: '41586.75',
    deadline_date: '2099-01-01T00:00:00.000Z',
    resource: '996',
    resource_name: 'x',
    bank,
    user: { id: ownerId, email: null },
    jsfile: [],
  }) as unknown as OrderView;

describe('what the order page offers, as the machine answers it', () => {
  it('offers the owner cancel and uploads in status 2', () => {
    const abilities = abilitiesOf(order(2, 7), 7, '2026-11-21T10:00:00.000Z');
    expect(abilities).toMatchObject({ cancel: true, changeFiles: true, finishPay: true });
  });
  it('offers the declaration of payment for a bank transfer only; a WeChat payment is still due, confirmed by its provider', () => {
    for (const status of [2, 3, 12]) {
      expect(abilitiesOf(order(status, 7, 3), 7, '2026-11-21T10:00:00.000Z')).toMatchObject({ finishPay: false, paymentDue: true });
      expect(abilitiesOf(order(status, 7, 1), 7, '2026-11-21T10:00:00.000Z')).toMatchObject({ finishPay: true, paymentDue: true });
    }
  });
  it("offers an admin viewing someone's order none of the payer's actions", () => {
    const abilities = abilitiesOf(order(2, 7), 99, '2026-11-21T10:00:00.000Z');
    expect(abilities).toMatchObject({ cancel: false, changeFiles: false, finishPay: false, finishUpload: false });
  });
  it('offers nothing once the order is final', () => {
    expect(abilitiesOf(order(8, 7), 7, '2026-11-21T10:00:00.000Z')).toMatchObject({ cancel: false, changeFiles: false, finishPay: false });
  });
});

import { OrderCommandRefused, type PartnerDetails } from '../domain/index.js';
import type { AppDeps } from './deps.js';
import { runOrderCommand } from './orders/order-commands.js';
import { orderIdForPartnerOrder } from './partners/partner-routes.js';
import { findResource, institutionOf } from './public/resources.js';

/** A few partner orders for the demo's partner order table (never in production). */
const DEMO_PARTNER_ORDERS: readonly { resource: number; amount: string; partner: PartnerDetails }[] = [
  {
    resource: 1004,
    amount: '12000',
    partner: {
      gic_order_id: 'DEMO-GIC-0001',
      from: '环球留学服务',
      target: 'EUR',
      gic_rate: '8.12',
      cny_fee: '150.00',
      gic_profit: '95.00',
      student_name: '王小明',
      payer_name: '王建国',
    },
  },
  {
    resource: 1002,
    amount: '8500.50',
    partner: {
      gic_order_id: 'DEMO-GIC-0002',
      from: '环球留学服务',
      target: 'AUD',
      gic_rate: '4.71',
      cny_fee: '120.00',
      gic_profit: '60.00',
      student_name: '陈静',
      payer_name: '陈立',
    },
  },
  {
    resource: 1001,
    amount: '20000',
    partner: {
      gic_order_id: 'DEMO-GIC-0003',
      from: '远航教育',
      target: 'USD',
      gic_rate: '7.24',
      cny_fee: '200.00',
      gic_profit: '130.00',
      student_name: '刘洋',
      payer_name: '刘洋',
    },
  },
];

/** Submitted like a partner would; an order seeded before is left as it is. */
export async function seedDemoPartnerOrders(deps: AppDeps): Promise<void> {
  for (const demo of DEMO_PARTNER_ORDERS) {
    const orderId = orderIdForPartnerOrder(deps.partnerSecret, demo.partner.gic_order_id);
    const resource = institutionOf(await findResource(deps.db, String(demo.resource)));
    try {
      await runOrderCommand(
        deps,
        orderId,
        { type: 'submitPartnerOrder', order_id: orderId, resource, amount: demo.amount, partner: demo.partner },
        { id: 'demo-partner', role: 'partner' },
      );
    } catch (error) {
      if (!(error instanceof OrderCommandRefused) || error.reason !== 'order_exists') throw error;
    }
  }
}

import { createHash } from 'node:crypto';
import {
  BANK_TRANSFER,
  fillPayerDetails,
  OrderCommandRefused,
  type Actor,
  type OrderCommand,
  type PayerDetails,
  type RecipientAccount,
} from '../domain/index.js';
import { findUserByEmail } from './auth/users-repository.js';
import type { AppDeps } from './deps.js';
import { runOrderCommands } from './orders/order-commands.js';
import { findResource, institutionOf } from './public/resources.js';
import { DEMO_PAYER } from './seed.js';

/**
 * A few ordinary orders of the demo payer, declared transferred (4) and waiting for the bank's
 * statement, so the sample statements in samples/statements match them (docs/operations.md). They
 * are created at a fixed past instant with fixed sequence numbers and a fixed rate: their numbers
 * and amounts are the same on every demo database, whatever today is. Status 4 does not time out.
 */
const CREATED_AT = new Date('2026-01-15T02:00:00.000Z');
const RATE = '7.80';
const MARKUP = '0.01';

/** The sequence of each order: its number is 20260115-9000NN. Amounts in EUR. */
export const DEMO_ORDERS = [
  { sequence: 900001, amount: '4000' },
  { sequence: 900002, amount: '5500' },
  { sequence: 900003, amount: '3200' },
  { sequence: 900011, amount: '3800' },
  { sequence: 900012, amount: '6000' },
  { sequence: 900013, amount: '4500' },
] as const;

const ACCOUNT: RecipientAccount = {
  accept_account_name: 'Technische Universität München',
  accept_account_no: 'DE10700500000000024866',
  accept_bank: 'Bayerische Landesbank',
  accept_address: 'Arcisstraße 21, 80333 München',
  accept_swift: 'BYLADEMMXXX',
  accept_reference: 'Tuition WS 2026',
  accept_remittance: '',
  transit_code: '',
  bank_branches: '',
};

const PAYER: PayerDetails = {
  student_last_name: '张',
  student_first_name: '三丰',
  student_last_name_pinyin: '',
  student_first_name_pinyin: '',
  student_email: 'payer@example.com',
  student_idcode: '110101199003071234',
  payer_relation: '本人',
  payer_last_name: '',
  payer_first_name: '',
  payer_code: '+86',
  payer_phone: '13800138000',
  payer_idcode: '',
  accept_reference: 'Tuition WS 2026',
};

/** The same id for the same demo order on every database. */
function demoOrderId(sequence: number): string {
  const digest = createHash('sha256').update(`demo-order:${sequence}`).digest().subarray(0, 16);
  digest[6] = (digest[6]! & 0x0f) | 0x40;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Seeds the demo orders once (outside production); an order seeded before is left as it is. */
export async function seedDemoOrders(deps: AppDeps): Promise<void> {
  const payer = await findUserByEmail(deps.db, DEMO_PAYER.email);
  if (!payer) return;
  const owner: Actor = { id: String(payer.id), role: 'payer' };
  const resource = institutionOf(await findResource(deps.db, '1004'));
  // Everything happens at the fixed instant: the number's day, the confirmation and the payment deadline.
  const at = { ...deps, clock: { now: () => new Date(CREATED_AT) } };
  for (const demo of DEMO_ORDERS) {
    const orderId = demoOrderId(demo.sequence);
    const commands: OrderCommand[] = [
      { type: 'createOrder', order_id: orderId, kind: 'order', resource, amount: demo.amount, from: 'demo', sequence: demo.sequence },
      { type: 'saveRecipientAccount', account: ACCOUNT },
      { type: 'savePayerDetails', payer: fillPayerDetails(PAYER) },
      { type: 'confirmOrder', rate: RATE, markup: MARKUP, deadline_ms: deps.config.paymentDeadlineMs },
      { type: 'choosePaymentMethod', bank: BANK_TRANSFER, reserve: deps.config.reserveAccount },
      { type: 'finishPay' },
    ];
    try {
      await runOrderCommands(at, orderId, commands, owner, { newStream: true });
    } catch (error) {
      if (!(error instanceof OrderCommandRefused) || error.reason !== 'order_exists') throw error;
    }
  }
}

import { BANK_TRANSFER, fillPayerDetails, type Actor, type OrderCommand } from '../../src/domain/index.js';
import type { AppDeps } from '../../src/api/deps.js';
import { runOrderCommands } from '../../src/api/orders/order-commands.js';
import { findResource, institutionOf } from '../../src/api/public/resources.js';
import { BENCH_ACCOUNT, BENCH_PAYER } from '../bench-orders.js';

/**
 * The real orders the scale benchmark clones: each walks its own way through the commands, so the
 * clones fill every status and every back-office queue. Written at a fixed instant, all by one
 * payer; the clones move them to other payers and other days (scale-clone.ts).
 */
export const TEMPLATE_INSTANT = new Date('2026-01-15T02:00:00.000Z');

const BANK: Actor = { id: 'bank', role: 'bank' };

const ADMIN: Actor = { id: '1', role: 'admin' };

interface TemplateStep {
  /** The commands, given the order's CNY amount due (once confirmed). */
  readonly commands: (deps: AppDeps, due: string) => OrderCommand[];
  readonly actor: 'payer' | 'bank' | 'admin';
}

const payerStep = (commands: (deps: AppDeps) => OrderCommand[]): TemplateStep => ({ commands, actor: 'payer' });
const bankStep = (commands: OrderCommand[]): TemplateStep => ({ commands: () => commands, actor: 'bank' });
const adminStep = (commands: OrderCommand[]): TemplateStep => ({ commands: () => commands, actor: 'admin' });

const draft = payerStep(() => [{ type: 'saveRecipientAccount', account: BENCH_ACCOUNT }]);
const confirmed = payerStep((deps) => [
  { type: 'savePayerDetails', payer: fillPayerDetails(BENCH_PAYER) },
  { type: 'confirmOrder', rate: '7.80', markup: '0.01', deadline_ms: deps.config.paymentDeadlineMs },
]);
const transferred = payerStep((deps) => [
  { type: 'choosePaymentMethod', bank: BANK_TRANSFER, reserve: deps.config.reserveAccount },
  { type: 'finishPay' },
]);
/** The provider's payment of the amount due times `part`. */
const paid = (part: number): TemplateStep => ({
  commands: (_deps, due) => [{ type: 'recordPayment', payment_id: `pay-${part}`, amount_cny: (Number(due) * part).toFixed(2) }],
  actor: 'bank',
});
const received = adminStep([{ type: 'setStatus', status: 5 }]);
const complete = adminStep([
  { type: 'setStatus', status: 6 },
  { type: 'setStatus', status: 7 },
]);
const refunding = adminStep([{ type: 'setStatus', status: 9, reason: '付款人撤回' }]);
const question = payerStep((deps) => [{ type: 'postMessage', message_id: deps.ids.uuid(), text: '请问什么时候到账？' }]);
const cancelled = payerStep(() => [{ type: 'cancelOrder' }]);
const materials = bankStep([{ type: 'requestMoreMaterials', note: '请补充材料' }]);

interface Template {
  readonly steps: readonly TemplateStep[];
  /** How many of every 100 clones are of it: most of a year's orders are complete. */
  readonly share: number;
}

/** Each template's steps after createOrder (amount 5000 EUR, 39,390.00 CNY at 7.878). */
export const TEMPLATES: readonly Template[] = [
  { steps: [], share: 2 },
  { steps: [draft], share: 2 },
  { steps: [draft, confirmed], share: 3 },
  { steps: [draft, confirmed, cancelled], share: 8 },
  { steps: [draft, confirmed, transferred], share: 3 },
  { steps: [draft, confirmed, transferred, question], share: 1 },
  { steps: [draft, confirmed, transferred, paid(1)], share: 3 },
  { steps: [draft, confirmed, transferred, paid(1.1)], share: 1 },
  { steps: [draft, confirmed, transferred, paid(0.5)], share: 1 },
  { steps: [draft, confirmed, transferred, paid(1), received], share: 2 },
  { steps: [draft, confirmed, transferred, paid(1), received, materials], share: 1 },
  { steps: [draft, confirmed, transferred, paid(1), refunding], share: 1 },
  { steps: [draft, confirmed, transferred, paid(1), received, complete], share: 72 },
];

/** Writes the templates through the commands as `owner`; returns their order ids, each as often as its share. */
export async function writeTemplates(deps: AppDeps, owner: Actor): Promise<string[]> {
  const at = { ...deps, clock: { now: () => new Date(TEMPLATE_INSTANT) } };
  const resource = institutionOf(await findResource(deps.db, '1004'));
  const ids: string[] = [];
  for (const [index, { steps, share }] of TEMPLATES.entries()) {
    const orderId = deps.ids.uuid();
    const create: OrderCommand = { type: 'createOrder', order_id: orderId, resource, amount: '5000', from: 'bench', sequence: 1 + index };
    let state = await runOrderCommands(at, orderId, [create], owner, { newStream: true });
    for (const step of steps) {
      const actor = step.actor === 'payer' ? owner : step.actor === 'bank' ? BANK : ADMIN;
      state = await runOrderCommands(at, orderId, step.commands(deps, state.context.price?.cny_amount ?? '0'), actor);
    }
    ids.push(...Array.from({ length: share }, () => orderId));
  }
  return ids;
}

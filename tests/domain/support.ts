import { Decimal } from 'decimal.js';
import {
  decide,
  fillPayerDetails,
  fold,
  initialOrderState,
  type Actor,
  type DecisionContext,
  type Institution,
  type OrderCommand,
  type OrderEvent,
  type OrderKind,
  type OrderSnapshot,
  type PayerDetails,
  type RecipientAccount,
  type Status,
} from '../../src/domain/index.js';

/** The reserve account a bank transfer goes to (the route passes the configured one). */
export const RESERVE = { name: 'Reserve account', bank: 'Demo Bank Beijing', account_no: '6222 0000 0000' } as const;

export const OWNER: Actor = { id: 'user-1', role: 'payer' };
export const STRANGER: Actor = { id: 'user-2', role: 'payer' };
export const ADMIN: Actor = { id: 'admin-1', role: 'admin' };
export const BANK: Actor = { id: 'bank', role: 'bank' };
export const SYSTEM: Actor = { id: 'deadline-sweeper', role: 'system' };
export const UPLOADER: Actor = { id: 'upload-link', role: 'uploader' };
export const PARTNER: Actor = { id: 'partner-gic', role: 'partner' };
export const ACTORS = [OWNER, STRANGER, ADMIN, BANK, SYSTEM, UPLOADER, PARTNER] as const;

export const CHARITE: Institution = { id: '996', name: 'Charité Berlin', currency: 'EUR' };
export const TOKYO: Institution = { id: '12', name: 'Tokyo Clinic', currency: 'JPY' };

export const T0 = '2026-11-21T10:00:00.000Z';
export const DEADLINE_MS = 72 * 3600 * 1000;
export const AFTER_DEADLINE = '2026-11-24T10:00:00.000Z';
export const LINK_TOKEN = 'k3J9sQ2mZ8vX1pL7nR4tY6wA0bC5dE';

let sequence = 0;
export function contextFor(actor: Actor, now: string = T0): DecisionContext {
  sequence += 1;
  return { actor, now, eventId: `evt-${sequence}`, correlationId: `corr-${sequence}`, causationId: `cmd-${sequence}` };
}

/** The nine markups of SPEC.md (bit_usd … bit_aed), each at 0.01: what a test changes one of, or the back office shows. */
export const MARKUPS = {
  bit_usd: '0.01',
  bit_jpy: '0.01',
  bit_gbp: '0.01',
  bit_thb: '0.01',
  bit_hkd: '0.01',
  bit_sgd: '0.01',
  bit_myr: '0.01',
  bit_eur: '0.01',
  bit_aed: '0.01',
  bit_aud: '0.01',
};

export const ACCOUNT: RecipientAccount = {
  accept_account_name: 'Charité Universitätsmedizin',
  accept_account_no: 'DE89370400440532013000',
  accept_bank: 'Deutsche Bank',
  accept_address: 'Charitéplatz 1, Berlin',
  accept_swift: 'DEUTDEFF',
  accept_reference: 'Invoice 42',
  accept_remittance: '',
  transit_code: '',
  bank_branches: '',
};

export const PAYER: PayerDetails = {
  student_last_name: '张',
  student_first_name: '三丰',
  student_last_name_pinyin: '',
  student_first_name_pinyin: '',
  student_email: 'zhang@example.com',
  student_idcode: '110101199003071234',
  payer_relation: '本人',
  payer_last_name: '',
  payer_first_name: '',
  payer_code: '+86',
  payer_phone: '13800138000',
  payer_idcode: '',
  accept_reference: 'Invoice 42',
};

export const create = (kind: OrderKind = 'order', amount = '5000'): OrderCommand => ({
  type: 'createOrder',
  order_id: 'order-1',
  kind,
  resource: CHARITE,
  amount,
  from: 'home',
});
/** A partner's order as its server submits it (it arrives paid, in status 4). */
export const submitPartner = (amount = '5000', gic = 'GIC-2026-0001'): OrderCommand => ({
  type: 'submitPartnerOrder',
  order_id: 'order-1',
  resource: CHARITE,
  amount,
  partner: {
    gic_order_id: gic,
    from: 'CN',
    target: 'DE',
    gic_rate: '7.9012',
    cny_fee: '50.00',
    gic_profit: '120.00',
    student_name: '张三丰',
    payer_name: '张翠山',
  },
});

/** The statuses a partner order can be in: it starts in 4, and the admin may set only 5, 7, 9 and 10. */
export const PARTNER_STATUSES: readonly Status[] = [4, 5, 7, 9, 10, 13];

export const confirm: OrderCommand = { type: 'confirmOrder', rate: '7.8123', markup: '0.01', deadline_ms: DEADLINE_MS };
export const upload = (uid: string): OrderCommand => ({
  type: 'uploadFile',
  file: { uid, name: `${uid}.pdf`, size: 1024, content_type: 'application/pdf', url: `/files/${uid}` },
});

/** Decides each command in turn and returns the events; a refusal fails the test at once. */
export function play(steps: readonly [OrderCommand, Actor, string?][], events: readonly OrderEvent[] = []): OrderEvent[] {
  const all = [...events];
  let state = fold(all);
  for (const [command, actor, now] of steps) {
    const decision = decide(state, command, contextFor(actor, now));
    if (!decision.ok) throw new Error(`setup step ${command.type} refused: ${decision.error.message}`);
    all.push(...decision.events);
    state = decision.state;
  }
  return all;
}

const toAwaitingDocuments: [OrderCommand, Actor][] = [
  [{ type: 'saveRecipientAccount', account: ACCOUNT }, OWNER],
  [{ type: 'savePayerDetails', payer: fillPayerDetails(PAYER) }, OWNER],
  [confirm, OWNER],
  [{ type: 'choosePaymentMethod', bank: 1, reserve: RESERVE }, OWNER],
  [upload('passport'), OWNER],
  [{ type: 'updateFiles', files: [{ uid: 'passport' }] }, OWNER],
];

/** Just created: no recipient or payer details yet. */
export const createdOnly = (kind: OrderKind = 'order'): OrderEvent[] => play([[create(kind), OWNER]]);

/**
 * The history and then the bank's payment of everything still due (the money an admin's 5, 6 and 7
 * wait for), where the order takes a payment; elsewhere the history as it is.
 */
export function withFullPayment(events: readonly OrderEvent[]): OrderEvent[] {
  const state = fold(events);
  const due = new Decimal(state.context.price?.cny_amount ?? '0').minus(state.context.paid_cny);
  if (due.lte(0)) return [...events];
  const payment: OrderCommand = { type: 'recordPayment', payment_id: `pay-rest-${events.length}`, amount_cny: due.toFixed(2) };
  const decision = decide(state, payment, contextFor(BANK));
  return decision.ok ? [...events, ...decision.events] : [...events];
}

/** The order paid CNY 10.00 more than it is due (a payment of what remains plus the excess, by the bank). */
export function withOverpayment(events: readonly OrderEvent[]): OrderEvent[] {
  const state = fold(events);
  const due = new Decimal(state.context.price?.cny_amount ?? '0').minus(state.context.paid_cny).plus(10);
  return play([[{ type: 'recordPayment', payment_id: `pay-over-${events.length}`, amount_cny: due.toFixed(2) }, BANK]], events);
}

/** Everything received and kept is refunded (one refund, by an admin). */
export function withEverythingRefunded(events: readonly OrderEvent[]): OrderEvent[] {
  const order = fold(events).context;
  const kept = new Decimal(order.paid_cny).minus(order.refunded_cny);
  if (kept.lte(0)) return [...events];
  const refund: OrderCommand = {
    type: 'recordRefund',
    amount_cny: kept.toFixed(2),
    reference: `RF-${events.length}`,
    reason: 'refund all',
  };
  return play([[refund, ADMIN]], events);
}

/** An order of `kind` in `status` (4, 5, 6, 9 or 13) holding CNY 10.00 beyond what is due, to refund. */
export function overpaidHistoryTo(status: Status, kind: OrderKind = 'order'): OrderEvent[] {
  const overpaid = withOverpayment(historyTo(4, kind));
  const setStatus = (s: number): [OrderCommand, Actor] => [{ type: 'setStatus', status: s }, ADMIN];
  const steps: Partial<Record<Status, [OrderCommand, Actor][]>> = {
    4: [],
    5: [setStatus(5)],
    6: [setStatus(5), setStatus(6)],
    9: [setStatus(9)],
    13: [[{ type: 'requestMoreMaterials', note: 'invoice unreadable' }, BANK]],
  };
  const path = steps[status];
  if (!path) throw new Error(`No overpaid history to status ${status}.`);
  return play(path, overpaid);
}

/**
 * An order of `kind` in `status` whose money allows what the admin may do there: in 4 it has
 * arrived in full, in 9 it has all gone back.
 */
export function settledHistoryTo(status: Status, kind: OrderKind = 'order'): OrderEvent[] {
  if (status === 4) return withFullPayment(historyTo(4, kind));
  if (status === 9) return withEverythingRefunded(historyTo(9, kind));
  return historyTo(status, kind);
}

/**
 * A history of real decisions that leaves an order of `kind` in `status`. In 4 the payer has
 * declared the transfer and no money has arrived (see withFullPayment); from 5 on it has.
 */
export function historyTo(status: Status, kind: OrderKind = 'order', via13: Status = 4): OrderEvent[] {
  if (kind === 'partner') return partnerHistoryTo(status, via13);
  const created = play([[create(kind), OWNER]]);
  const setStatus = (s: number): [OrderCommand, Actor] => [{ type: 'setStatus', status: s }, ADMIN];
  switch (status) {
    case 0:
      return play(toAwaitingDocuments.slice(0, 2), created);
    case 1:
      return play(toAwaitingDocuments.slice(0, 3), created);
    case 2:
      return play(toAwaitingDocuments, created);
    case 3:
      return play([[{ type: 'finishUpload' }, OWNER]], historyTo(2, kind));
    case 4:
      return play([[{ type: 'finishPay' }, OWNER]], historyTo(2, kind));
    case 5:
      return play([setStatus(5)], withFullPayment(historyTo(4, kind)));
    case 6:
      return play([setStatus(6)], historyTo(5, kind));
    case 7:
      return play([setStatus(7)], historyTo(5, kind));
    case 8:
      return play([[{ type: 'cancelOrder' }, OWNER]], created);
    case 9:
      return play([setStatus(9)], historyTo(4, kind));
    case 10:
      return play([setStatus(10)], historyTo(9, kind));
    case 11:
      return play([[{ type: 'expireOrder' }, SYSTEM, AFTER_DEADLINE]], historyTo(1, kind));
    case 12:
      return play([[{ type: 'recordPayment', payment_id: 'pay-short', amount_cny: '100.00' }, BANK]], historyTo(2, kind));
    case 13:
      return play([[{ type: 'requestMoreMaterials', note: 'invoice unreadable' }, BANK]], historyTo(via13, kind));
  }
}

/** A partner order's history to `status` (one of PARTNER_STATUSES). */
function partnerHistoryTo(status: Status, via13: Status): OrderEvent[] {
  const submitted = play([[submitPartner(), PARTNER]]);
  const setStatus = (s: number): [OrderCommand, Actor] => [{ type: 'setStatus', status: s }, ADMIN];
  switch (status) {
    case 4:
      return submitted;
    case 5:
      return play([setStatus(5)], submitted);
    case 7:
      return play([setStatus(7)], partnerHistoryTo(5, via13));
    case 9:
      return play([setStatus(9)], submitted);
    case 10:
      // The partner's collected money goes back before the refund is complete.
      return play([setStatus(10)], withEverythingRefunded(partnerHistoryTo(9, via13)));
    case 13:
      return play([[{ type: 'requestMoreMaterials', note: 'invoice unreadable' }, BANK]], partnerHistoryTo(via13, via13));
    default:
      throw new Error(`A partner order never reaches status ${status}.`);
  }
}

export const stateAfter = (events: readonly OrderEvent[]): OrderSnapshot => fold(events, initialOrderState());

import { createActor, initialTransition, type ActorScope } from 'xstate';
import {
  MAXIMUM_PAID_CNY,
  addMoney,
  checkAmount,
  compareMoney,
  cnyAmount,
  isValidCnySum,
  isValidMarkup,
  isValidRate,
  normalizeAmount,
  reservedRate,
  scanPaymentAllowed,
} from '../money.js';
import type { OrderCommand, OrderCommandOf, OrderCommandType } from './commands.js';
import { EVENT_SCHEMA_VERSION, type Actor, type EventMetadata, type OrderEvent } from './events.js';
import { BANK_TRANSFER, withSelfPayerCopied, type FileEntry, type OrderData } from './order-data.js';
import { orderMachine, type MachineEvent, type OrderSnapshot } from './order-machine.js';
import { OrderCommandRefused, type RefusalReason } from './refusal.js';
import { missingDetails, paidInFull, paymentAlreadyCounted, uploadsNamed } from './rules.js';
import { refusalOf } from './machine-questions.js';
import { orderNumber } from './order-number.js';
import { sameData } from './same-data.js';
import { isStatus } from './status.js';
import { eventMetadataSchema } from './stored-events.js';
import { MESSAGE_MAX_CHARACTERS } from './order-messages.js';
import { creditCounted, fundsOf, refundableOf, refundCounted } from '../funds/ledger.js';

/** What a decision needs from outside: who acts, when, and the ids to stamp on the event. */
export interface DecisionContext {
  readonly actor: Actor;
  /** ISO-8601 instant. */
  readonly now: string;
  readonly eventId: string;
  readonly correlationId: string;
  readonly causationId: string;
}

export type Decision =
  | { readonly ok: true; readonly events: readonly OrderEvent[]; readonly state: OrderSnapshot }
  | { readonly ok: false; readonly error: OrderCommandRefused };

/** Snapshots are never changed in place: one initial state serves every new order. */
const INITIAL_STATE: OrderSnapshot = initialTransition(orderMachine)[0];
export const initialOrderState = (): OrderSnapshot => INITIAL_STATE;

/**
 * The scope XState's `transition()` builds on every call (an unstarted actor, whose construction
 * computes a whole initial state), built once: the machine spawns nothing and its actions are
 * pure assigns, so nothing is ever kept in it. It made a transition cost twice what it needs.
 */
let inertScope: ActorScope<OrderSnapshot, MachineEvent> | undefined;
function pureTransition(state: OrderSnapshot, event: MachineEvent): OrderSnapshot {
  if (!inertScope) {
    const self = createActor(orderMachine);
    inertScope = {
      self,
      id: '',
      sessionId: '',
      system: self.system,
      defer: () => {},
      emit: () => {},
      logger: () => {},
      stopChild: () => {},
      actionExecutor: () => {},
    };
  }
  return orderMachine.transition(state, event, inertScope as never);
}

type Proposal =
  { readonly event: OrderEvent } | { readonly refused: RefusalReason; readonly details?: Record<string, string | readonly string[]> };

/**
 * decide(state, command, context) → events | refusal. The command becomes a proposed fact, and
 * the machine's pure `transition` judges it: a fact the machine does not take is refused and
 * nothing is produced.
 */
export function decide(state: OrderSnapshot, command: OrderCommand, context: DecisionContext): Decision {
  const refuse = (reason: RefusalReason, details?: Record<string, string | readonly string[]>): Decision => ({
    ok: false,
    error: new OrderCommandRefused(command.type, state.context.status, reason, details),
  });
  const meta = metadataOf(context);
  if (state.status === 'done') return refuse('final_status');
  const proposal = propose(state.context, command, meta);
  if ('refused' in proposal) return refuse(proposal.refused, proposal.details);
  if (!state.can(proposal.event)) {
    const reason = refusalOf(state, proposal.event);
    return refuse(reason, MONEY_REFUSALS.has(reason) ? fundsDetails(state.context) : undefined);
  }
  const next = pureTransition(state, proposal.event);
  // DESIGN.md section 3: a command that changes nothing is refused, so no empty fact is stored.
  if (next.value === state.value && sameData(next.context, state.context)) return refuse('unchanged');
  return { ok: true, events: [proposal.event], state: next };
}

/** evolve(state, event): a stored fact, applied with the guards trusting it. */
export function evolve(state: OrderSnapshot, event: OrderEvent): OrderSnapshot {
  const trusted: MachineEvent = { ...event, trusted: true };
  if (!state.can(trusted)) {
    throw new Error(`Stored event ${event.type} (${event.meta.event_id}) cannot follow status ${state.context.status ?? 'none'}.`);
  }
  return pureTransition(state, trusted);
}

export const fold = (events: readonly OrderEvent[], from: OrderSnapshot = initialOrderState()): OrderSnapshot =>
  events.reduce(evolve, from);

/**
 * Whether `actor` may issue `command` now (for the web to offer only what is possible). A command
 * that would change nothing this time (the same file list again) is still one the order takes.
 */
export function can(state: OrderSnapshot, command: OrderCommand, actor: Actor, now: string): boolean {
  const decision = decide(state, command, { actor, now, eventId: 'probe', correlationId: 'probe', causationId: 'probe' });
  return decision.ok || decision.error.reason === 'unchanged';
}

/** The event's metadata, checked against what replay will read back: a bad clock or id is a bug of the caller. */
function metadataOf(context: DecisionContext): EventMetadata {
  const meta: EventMetadata = {
    event_id: context.eventId,
    actor: context.actor,
    occurred_at: context.now,
    correlation_id: context.correlationId,
    causation_id: context.causationId,
    schema_version: EVENT_SCHEMA_VERSION,
  };
  const checked = eventMetadataSchema.safeParse(meta);
  if (!checked.success) throw new TypeError(`Invalid decision context: ${checked.error.message}`);
  return meta;
}

const AMOUNT_REFUSALS = {
  not_a_number: 'amount_invalid',
  unknown_currency: 'unknown_currency',
  too_many_decimals: 'amount_too_many_decimals',
  below_minimum: 'amount_below_minimum',
  above_maximum: 'amount_above_maximum',
} as const satisfies Record<string, RefusalReason>;

function proposeAmount(order: OrderData, amount: string): RefusalReason | null {
  if (!order.resource) return 'no_order';
  const problem = checkAmount(amount, order.resource.currency);
  return problem ? AMOUNT_REFUSALS[problem] : null;
}

/** No figure expected, or the expected one is a number equal to the actual one. */
const sameFigure = (expected: string | undefined, actual: string, isNumber: (value: string) => boolean): boolean =>
  expected === undefined || (isNumber(expected) && compareMoney(expected, actual) === 0);

/** The readable number of a new order, when a sequence number was handed out for it. */
function numbered(sequence: number | undefined, meta: EventMetadata): { order_no?: string } {
  const number = sequence === undefined ? null : orderNumber(meta.occurred_at, sequence);
  return number === null ? {} : { order_no: number };
}

type Proposer<T extends OrderCommandType> = (order: OrderData, command: OrderCommandOf<T>, meta: EventMetadata) => Proposal;

const PROPOSERS: { readonly [T in OrderCommandType]: Proposer<T> } = {
  createOrder: (order, command, meta) => {
    if (order.status !== null) return { refused: 'order_exists' };
    if (!command.resource) return { refused: 'institution_missing' };
    const refused = proposeAmount({ ...order, resource: command.resource }, command.amount);
    if (refused) return { refused, details: { currency: command.resource.currency } };
    return {
      event: {
        type: 'OrderCreated',
        data: {
          order_id: command.order_id,
          kind: command.kind ?? 'order',
          owner_id: meta.actor.id,
          resource: command.resource,
          amount: normalizeAmount(command.amount),
          from: command.from ?? '',
          ...numbered(command.sequence, meta),
        },
        meta,
      },
    };
  },
  submitPartnerOrder: (order, command, meta) => {
    if (order.status !== null) return { refused: 'order_exists' };
    if (!command.resource) return { refused: 'institution_missing' };
    const refused = proposeAmount({ ...order, resource: command.resource }, command.amount);
    if (refused) return { refused, details: { currency: command.resource.currency } };
    const { partner } = command;
    if (
      partner.gic_order_id.trim() === '' ||
      !isValidRate(partner.gic_rate) ||
      !isValidCnySum(partner.cny_fee) ||
      !isValidCnySum(partner.gic_profit)
    ) {
      return { refused: 'invalid_partner_order' };
    }
    // The partner's own rate, no markup of ours; the payer paid the partner the converted amount and its fee.
    const price = {
      rate: partner.gic_rate,
      markup: '0',
      reserved_amount_rate: reservedRate(partner.gic_rate, '0'),
      cny_amount: addMoney(cnyAmount(command.amount, partner.gic_rate, '0'), partner.cny_fee),
    };
    const data = {
      order_id: command.order_id,
      resource: command.resource,
      amount: normalizeAmount(command.amount),
      partner,
      price,
      ...numbered(command.sequence, meta),
    };
    return { event: { type: 'PartnerOrderSubmitted', data, meta } };
  },
  changeAmount: (order, command, meta) => {
    const refused = proposeAmount(order, command.amount);
    if (refused) return { refused, details: { currency: order.resource?.currency ?? '' } };
    return { event: { type: 'AmountChanged', data: { amount: normalizeAmount(command.amount) }, meta } };
  },
  saveRecipientAccount: (_order, command, meta) => ({
    event: { type: 'RecipientAccountSaved', data: { account: command.account }, meta },
  }),
  savePayerDetails: (_order, command, meta) => ({
    event: { type: 'PayerDetailsSaved', data: { payer: withSelfPayerCopied(command.payer) }, meta },
  }),
  confirmOrder: (order, command, meta) => {
    if (!order.resource) return { refused: 'no_order' };
    const deadline = deadlineAfter(meta.occurred_at, command.deadline_ms);
    if (!isValidRate(command.rate) || !isValidMarkup(command.markup) || deadline === null) {
      return { refused: 'invalid_price' };
    }
    const missing = missingDetails(order);
    if (missing.length > 0) return { refused: 'details_incomplete', details: { missing } };
    const price = {
      rate: command.rate,
      markup: command.markup,
      reserved_amount_rate: reservedRate(command.rate, command.markup),
      cny_amount: cnyAmount(order.amount, command.rate, command.markup),
    };
    // The payer confirms the figures they were shown, never ones that moved while they read them.
    if (
      !sameFigure(command.expected_rate, price.reserved_amount_rate, isValidRate) ||
      !sameFigure(command.expected_cny, price.cny_amount, isValidCnySum)
    ) {
      return { refused: 'quote_changed' };
    }
    return { event: { type: 'OrderConfirmed', data: { price, deadline_date: deadline }, meta } };
  },
  choosePaymentMethod: (order, command, meta) => {
    // The scan provider refuses amounts above its limit: the payer would be stuck with an unpayable order.
    if (command.bank === 3 && order.price && !scanPaymentAllowed(order.price.cny_amount)) return { refused: 'scan_above_limit' };
    if (command.bank === 3) return { event: { type: 'PaymentMethodChosen', data: { bank: command.bank }, meta } };
    if (command.bank !== BANK_TRANSFER) return { refused: 'invalid_payment_method' };
    if (!command.reserve || !command.reserve.account_no.trim()) return { refused: 'transfer_account_missing' };
    // The payer writes the readable order number in the transfer's postscript (short enough to
    // type, and searchable), so the bank can match the money to the order.
    const reserve = { ...command.reserve, postscript: order.order_no || order.id };
    return { event: { type: 'PaymentMethodChosen', data: { bank: command.bank, reserve }, meta } };
  },
  uploadFile: (_order, command, meta) =>
    command.file.uid.trim() === '' || !(command.file.size > 0)
      ? { refused: 'invalid_file' }
      : { event: { type: 'FileUploaded', data: { file: command.file }, meta } },
  updateFiles: (order, command, meta) => {
    const { uploads, unknown } = uploadsNamed(order, command.files);
    if (unknown.length > 0) return { refused: 'unknown_file', details: { files: unknown } };
    // The list is rebuilt from what was really uploaded: names and urls never come from the caller.
    const files: FileEntry[] = uploads.map((upload) => ({ uid: upload.uid, name: upload.name, status: 'done', url: upload.url }));
    return { event: { type: 'FilesUpdated', data: { files }, meta } };
  },
  finishUpload: (order, _command, meta) => ({
    event: {
      type: 'UploadFinished',
      data: { resumed_status: order.status === 13 ? order.status_before_materials : null },
      meta,
    },
  }),
  finishPay: (_order, _command, meta) => ({ event: { type: 'PaymentFinished', data: {}, meta } }),
  recordPayment: (order, command, meta) => {
    if (!isPositiveCny(command.amount_cny)) return { refused: 'invalid_payment_amount' };
    if (paymentAlreadyCounted(order, command.payment_id)) return { refused: 'payment_already_recorded' };
    const paid = addMoney(order.paid_cny, command.amount_cny);
    if (compareMoney(paid, MAXIMUM_PAID_CNY) > 0) return { refused: 'invalid_payment_amount' };
    const data = { payment_id: command.payment_id, amount_cny: addMoney(command.amount_cny, '0'), paid_cny: paid };
    return paidInFull(order, paid)
      ? { event: { type: 'PaymentReceived', data, meta } }
      : { event: { type: 'ShortPaymentReceived', data, meta } };
  },
  matchBankCredit: (order, command, meta) => {
    if (!isPositiveCny(command.amount_cny)) return { refused: 'invalid_payment_amount' };
    if (command.entry_ref.trim() === '' || !/^\d{4}-\d{2}-\d{2}$/.test(command.booking_date)) return { refused: 'invalid_credit' };
    if (creditCounted(order, command.entry_ref)) return { refused: 'payment_already_recorded' };
    const paid = addMoney(order.paid_cny, command.amount_cny);
    if (compareMoney(paid, MAXIMUM_PAID_CNY) > 0) return { refused: 'invalid_payment_amount' };
    const { entry_ref, booking_date, payer_name, payer_account } = command;
    const data = { entry_ref, booking_date, amount_cny: addMoney(command.amount_cny, '0'), paid_cny: paid, payer_name, payer_account };
    return { event: { type: 'BankCreditMatched', data: { ...data, reason: command.reason?.trim() ?? '' }, meta } };
  },
  recordRefund: (order, command, meta) => {
    const reference = command.reference.trim();
    const reason = command.reason.trim();
    if (!isPositiveCny(command.amount_cny) || reference === '' || reason === '') return { refused: 'invalid_refund' };
    if (refundCounted(order, reference)) return { refused: 'refund_already_recorded' };
    const amount_cny = addMoney(command.amount_cny, '0');
    const data = { amount_cny, reference, reason, refunded_cny: addMoney(order.refunded_cny, amount_cny) };
    return { event: { type: 'RefundRecorded', data, meta } };
  },
  postMessage: (_order, command, meta) => {
    const text = command.text.trim();
    if (text === '' || text.length > MESSAGE_MAX_CHARACTERS || command.message_id.trim() === '') return { refused: 'invalid_message' };
    return { event: { type: 'OrderMessagePosted', data: { message_id: command.message_id, text }, meta } };
  },
  requestMoreMaterials: (_order, command, meta) => ({
    event: { type: 'MoreMaterialsRequested', data: { note: command.note ?? '' }, meta },
  }),
  setStatus: (_order, command, meta) => {
    if (!isStatus(command.status)) return { refused: 'invalid_status' };
    const reason = command.reason?.trim();
    return { event: { type: 'OrderStatusSet', data: { status: command.status, ...(reason ? { reason } : {}) }, meta } };
  },
  cancelOrder: (_order, _command, meta) => ({ event: { type: 'OrderCancelled', data: {}, meta } }),
  expireOrder: (order, _command, meta) => ({
    event: { type: 'OrderTimedOut', data: { deadline_date: order.deadline_date ?? '' }, meta },
  }),
  switchUploadLink: (order, command, meta) => {
    if (command.active === order.active_upload_document) return { refused: 'upload_link_unchanged' };
    if (command.active && command.token.length < 22) return { refused: 'invalid_token' };
    return {
      event: { type: 'UploadLinkSwitched', data: { active: command.active, token: command.active ? command.token : null }, meta },
    };
  },
};

/** The deadline `ms` after `now`, or null when that is no usable instant. */
function deadlineAfter(now: string, ms: number): string | null {
  const at = Date.parse(now) + ms;
  // 8.64e15 ms is the last instant a Date can hold.
  return Number.isSafeInteger(ms) && ms > 0 && at <= 8.64e15 ? new Date(at).toISOString() : null;
}

function propose(order: OrderData, command: OrderCommand, meta: EventMetadata): Proposal {
  const proposer = PROPOSERS[command.type] as Proposer<OrderCommandType>;
  return proposer(order, command, meta);
}

const isPositiveCny = (amount: string): boolean => /^\d+(\.\d{1,2})?$/.test(amount) && compareMoney(amount, '0') > 0;

/** What a refusal about money names: what is due, received, refunded and may still be refunded. */
const MONEY_REFUSALS: ReadonlySet<RefusalReason> = new Set([
  'funds_missing',
  'refund_exceeds_balance',
  'refund_incomplete',
  'refund_outstanding',
]);
function fundsDetails(order: OrderData): Record<string, string> {
  const funds = fundsOf(order);
  return {
    due_cny: funds.due_cny,
    received_cny: funds.received_cny,
    refunded_cny: funds.refunded_cny,
    refundable_cny: refundableOf(order),
  };
}

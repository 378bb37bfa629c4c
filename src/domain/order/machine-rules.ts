import type { ActorRole, OrderEvent } from './events.js';
import { BANK_TRANSFER, type OrderData } from './order-data.js';
import type { RefusalReason } from './refusal.js';
import { allRefunded, creditCounted, fundsCoverDue, nothingToRefund, refundableOf, refundCounted } from '../funds/ledger.js';
import { addMoney, compareMoney } from '../money.js';
import { allFilesUploadedHere, amountAcceptable, deadlinePassed, detailsComplete, paidInFull, paymentAlreadyCounted } from './rules.js';
import type { Status } from './status.js';

/**
 * The named rules the order machine's transitions are guarded by. Each transition lists the rules
 * it needs (see `RuleSet`); this file says what each rule checks and, in RULE_REFUSALS, what a
 * caller is told when it fails. Nothing else in the product keeps a copy of them: whoever needs to
 * know asks the machine (`can`, tags, meta, `refusalOf`).
 */
export type MachineEvent = OrderEvent & { readonly trusted?: boolean };
type Check = (order: OrderData, event: MachineEvent) => boolean;

const byRole =
  (role: ActorRole): Check =>
  (_order, event) =>
    event.meta.actor.role === role;

const paidCnyOf = (event: MachineEvent): string =>
  event.type === 'PaymentReceived' || event.type === 'ShortPaymentReceived' || event.type === 'BankCreditMatched'
    ? event.data.paid_cny
    : '0';

export const RULES = {
  byPayer: byRole('payer'),
  byBank: byRole('bank'),
  byAdmin: byRole('admin'),
  bySystem: byRole('system'),
  byUploader: byRole('uploader'),
  byPartner: byRole('partner'),
  // Payers create ordinary orders; partner orders come from a partner's server.
  ordinaryKind: (_order, event) => event.type === 'OrderCreated' && event.data.kind === 'order',
  isOwner: (order, event) => event.meta.actor.id === order.owner_id,
  createdForActor: (_order, event) => event.type === 'OrderCreated' && event.meta.actor.id === event.data.owner_id,
  amountAcceptable: (order, event) =>
    event.type === 'OrderCreated' || event.type === 'PartnerOrderSubmitted'
      ? amountAcceptable({ ...order, resource: event.data.resource }, event.data.amount)
      : event.type === 'AmountChanged' && amountAcceptable(order, event.data.amount),
  detailsComplete: (order) => detailsComplete(order),
  hasFiles: (order) => order.jsfile.length > 0,
  filesUploadedHere: (order, event) =>
    event.type === 'FilesUpdated' &&
    allFilesUploadedHere(
      order,
      event.data.files.map((file) => file.uid),
    ),
  linkActive: (order) => order.active_upload_document,
  newPayment: (order, event) =>
    (event.type === 'PaymentReceived' || event.type === 'ShortPaymentReceived') &&
    !paymentAlreadyCounted(order, event.data.payment_id) &&
    addMoney(order.paid_cny, event.data.amount_cny) === event.data.paid_cny,
  newCredit: (order, event) =>
    event.type === 'BankCreditMatched' &&
    !creditCounted(order, event.data.entry_ref) &&
    addMoney(order.paid_cny, event.data.amount_cny) === event.data.paid_cny,
  paidInFull: (order, event) => paidInFull(order, paidCnyOf(event)),
  // Money, not a claim: what the bank or the provider confirmed, less refunds, covers what is due.
  fundsReceived: (order) => fundsCoverDue(order),
  // An order completes only when no money beyond what is due is still held for the payer.
  nothingToRefund: (order) => nothingToRefund(order),
  allRefunded: (order) => allRefunded(order),
  refundWithinBalance: (order, event) => event.type === 'RefundRecorded' && compareMoney(event.data.amount_cny, refundableOf(order)) <= 0,
  newRefund: (order, event) =>
    event.type === 'RefundRecorded' &&
    !refundCounted(order, event.data.reference) &&
    addMoney(order.refunded_cny, event.data.amount_cny) === event.data.refunded_cny,
  paidShort: (order, event) => !paidInFull(order, paidCnyOf(event)),
  deadlinePassed: (order, event) => deadlinePassed(order, event.meta),
  beforeDeadline: (order, event) => !deadlinePassed(order, event.meta),
  ordinaryOrder: (order) => order.kind === 'order',
  // Only a transfer is the payer's to declare: the card and scan providers confirm their own payments.
  bankTransfer: (order) => order.bank === BANK_TRANSFER,
  partnerOrder: (order) => order.kind === 'partner',
  // The order returns to the status it had when the bank asked for more (routing names which).
  remembersStatus: (order, event) => event.type === 'UploadFinished' && order.status_before_materials === event.data.resumed_status,
} satisfies Record<string, Check>;

export type Rule = keyof typeof RULES;

/** What the caller is told when a rule does not hold. */
export const RULE_REFUSALS: { readonly [R in Rule]: RefusalReason } = {
  byPayer: 'actor_not_allowed',
  byBank: 'actor_not_allowed',
  byAdmin: 'actor_not_allowed',
  bySystem: 'actor_not_allowed',
  byUploader: 'actor_not_allowed',
  byPartner: 'actor_not_allowed',
  ordinaryKind: 'rule_failed',
  isOwner: 'not_owner',
  createdForActor: 'rule_failed',
  amountAcceptable: 'rule_failed',
  detailsComplete: 'details_incomplete',
  hasFiles: 'no_files',
  filesUploadedHere: 'unknown_file',
  linkActive: 'upload_link_inactive',
  newPayment: 'payment_already_recorded',
  newCredit: 'payment_already_recorded',
  paidInFull: 'rule_failed',
  fundsReceived: 'funds_missing',
  nothingToRefund: 'refund_outstanding',
  allRefunded: 'refund_incomplete',
  refundWithinBalance: 'refund_exceeds_balance',
  newRefund: 'refund_already_recorded',
  paidShort: 'rule_failed',
  deadlinePassed: 'deadline_not_reached',
  beforeDeadline: 'deadline_passed',
  // An admin move allowed for the other kind of order is, for this one, not a move from here.
  ordinaryOrder: 'not_allowed_in_status',
  bankTransfer: 'confirmed_by_provider',
  partnerOrder: 'not_allowed_in_status',
  remembersStatus: 'not_allowed_in_status',
};

/** The rules that name who acts; each rule set starts with one (or one per `any` branch). */
export const ROLE_RULES: Readonly<Partial<Record<Rule, ActorRole>>> = {
  byPayer: 'payer',
  byBank: 'bank',
  byAdmin: 'admin',
  bySystem: 'system',
  byUploader: 'uploader',
  byPartner: 'partner',
};

/** A rule, or alternatives: the rules of at least one branch must all hold. */
export type Term = Rule | { readonly any: readonly (readonly Rule[])[] };

/**
 * A transition's guard: routing that holds even for a stored (trusted) event, because it decides
 * where the event leads, and the rules that judge a proposed event (a stored one is not judged
 * again, so history stays replayable when a rule changes).
 */
export interface RuleSet {
  /** The order must exist (events that may arrive in any status, handled on the machine's root). */
  readonly existing?: boolean;
  /** OrderStatusSet: the status it sets. */
  readonly sets?: Status;
  /** UploadFinished in 13: the status it returns to. */
  readonly resumes?: Status;
  /** A bank credit: whether what is received with it covers what is due (`full`) or not (`short`). */
  readonly paid?: 'full' | 'short';
  readonly all: readonly Term[];
}

export function routes(rules: RuleSet, order: OrderData, event: MachineEvent): boolean {
  if (rules.existing && order.status === null) return false;
  if (rules.sets !== undefined && !(event.type === 'OrderStatusSet' && event.data.status === rules.sets)) return false;
  if (rules.resumes !== undefined && !(event.type === 'UploadFinished' && event.data.resumed_status === rules.resumes)) return false;
  if (rules.paid !== undefined && paidInFull(order, paidCnyOf(event)) !== (rules.paid === 'full')) return false;
  return true;
}

const holds = (rule: Rule, order: OrderData, event: MachineEvent): boolean => RULES[rule](order, event);

export const termHolds = (term: Term, order: OrderData, event: MachineEvent): boolean =>
  typeof term === 'string' ? holds(term, order, event) : term.any.some((branch) => branch.every((rule) => holds(rule, order, event)));

/** The machine's one guard: routing always, the rules unless the event is a stored fact. */
export const ruleSetHolds = (rules: RuleSet, order: OrderData, event: MachineEvent): boolean =>
  routes(rules, order, event) && (event.trusted === true || rules.all.every((term) => termHolds(term, order, event)));

/** Whether the actor of `event` is one the rule set is for (its role rule, or that of a branch). */
export function actorFits(rules: RuleSet, order: OrderData, event: MachineEvent): boolean {
  const roleHolds = (rule: Rule) => ROLE_RULES[rule] === undefined || holds(rule, order, event);
  return rules.all.every((term) => (typeof term === 'string' ? roleHolds(term) : term.any.some((branch) => branch.every(roleHolds))));
}

/** The first rule that does not hold, looking into the branch of an alternative meant for this actor. */
export function firstBrokenRule(rules: RuleSet, order: OrderData, event: MachineEvent): Rule | null {
  for (const term of rules.all) {
    if (typeof term === 'string') {
      if (!holds(term, order, event)) return term;
      continue;
    }
    if (termHolds(term, order, event)) continue;
    const branch =
      term.any.find((candidate) => candidate.every((rule) => ROLE_RULES[rule] === undefined || holds(rule, order, event))) ?? term.any[0]!;
    return branch.find((rule) => !holds(rule, order, event)) ?? null;
  }
  return null;
}

/** Every role named by a rule set (a role rule, or one per branch). */
export function rolesOf(rules: RuleSet): ActorRole[] {
  const roles = rules.all
    .flatMap((term) => (typeof term === 'string' ? [term] : term.any.flat()))
    .flatMap((rule) => ROLE_RULES[rule] ?? []);
  return [...new Set(roles)];
}

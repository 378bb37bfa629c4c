import { assign, setup, type SnapshotFrom } from 'xstate';
import { excessMoney, subtractMoney } from '../money.js';
import { legacyOrderNumber } from './order-number.js';
import { STATUS_META, type StatusMeta } from './display.js';
import { ruleSetHolds, type MachineEvent, type Rule, type RuleSet, type Term } from './machine-rules.js';
import { emptyOrderData, type FundsEntry, type OrderData } from './order-data.js';
import { STATE_NAMES, type Status } from './status.js';

export type { MachineEvent } from './machine-rules.js';

/**
 * The order state machine (DESIGN.md section 3): the product's one table of order rules. Its
 * events are the domain's facts. Every transition is guarded by one rule set (machine-rules.ts):
 * routing, which even a stored fact must satisfy, and named rules that judge a proposed fact.
 * Replay marks facts `trusted`, so only routing is consulted and stored history stays replayable
 * after a rule changes. States carry tags for the questions the rest of the product asks
 * (`paymentDue`, `ended`, ...) and their display data as meta.
 */

/** What the order's tags mean; the web and the API ask `hasTag`, never a list of statuses. */
export const ORDER_TAGS = {
  /** The order waits for money: pay links work, the bank's payment moves it on (2, 3, 12). */
  paymentDue: 'paymentDue',
  /** A final status (7, 8, 10, 11): nothing changes any more; the public upload link is closed. */
  ended: 'ended',
  /** Cancelled, refunded or timed out: ended without the remittance (the progress bar's grey). */
  calledOff: 'calledOff',
  /** Statuses the deadline sweeper times out once the deadline has passed (1, 2, 3). */
  timesOut: 'timesOut',
  /** The payer has something to do: fill in, pay, upload, top up or add materials (0, 1, 2, 12, 13). */
  awaitsPayer: 'awaitsPayer',
  /** Ended as intended: remitted, or the refund is done (7, 10). */
  settled: 'settled',
  /** The payer may still change the amount and the details (0). */
  editable: 'editable',
  /**
   * Still in the step flow, before a payment method (0, 1): "My orders" resumes the steps there,
   * and the order page asks for no documents yet.
   */
  inStepFlow: 'inStepFlow',
  /** Confirmed and priced, the payment method not chosen yet: the step flow's pay step is next (1). */
  choosesMethod: 'choosesMethod',
  /** The bank asked for more materials: its note is what the payer and staff must read (13). */
  materialsRequested: 'materialsRequested',
  /** Reaching this status is news the payer is told of (5, 6, 7): received, being remitted, done. */
  payerTold: 'payerTold',
} as const;
export type OrderTag = (typeof ORDER_TAGS)[keyof typeof ORDER_TAGS];

const rules = (all: readonly Term[], routing: Omit<RuleSet, 'all'> = {}) => ({ type: 'rules', params: { ...routing, all } }) as const;

const OWNER: readonly Term[] = ['byPayer', 'isOwner'];
const OWNER_OR_LINK: Term = {
  any: [
    ['byPayer', 'isOwner'],
    ['byUploader', 'linkActive'],
  ],
};
const LINK_OR_ADMIN: Term = { any: [['byUploader', 'linkActive'], ['byAdmin']] };
/** The payer finishes adding materials; an admin may do it for them (a partner order has no payer). */
const OWNER_OR_ADMIN: Term = { any: [['byPayer', 'isOwner'], ['byAdmin']] };

/** A statement credit matched to the order moves it as a provider's payment would: in full to 4, short to 12. */
const creditTo = (paid: 'full' | 'short', target?: 'transferred' | 'awaitingTopUp') =>
  ({ ...(target ? { target } : {}), guard: rules(['byAdmin', 'newCredit'], { paid }), actions: 'recordCredit' }) as const;
const CREDIT_MATCHED = [creditTo('full', 'transferred'), creditTo('short', 'awaitingTopUp')] as const;

/** Statuses 2 and 3 take the same files, payments, cancellation and timeout. */
const whilePaymentIsDue = {
  FileUploaded: { guard: rules([OWNER_OR_LINK]), actions: 'recordUpload' },
  FilesUpdated: { guard: rules([OWNER_OR_LINK, 'filesUploadedHere']), actions: 'recordFileList' },
  // Past the deadline the order is due to time out: saying "paid" no longer saves it (the bank's own payment still does).
  PaymentFinished: { target: 'transferred', guard: rules([...OWNER, 'bankTransfer', 'beforeDeadline']) },
  PaymentReceived: { target: 'transferred', guard: rules(['byBank', 'newPayment', 'paidInFull']), actions: 'recordPayment' },
  ShortPaymentReceived: { target: 'awaitingTopUp', guard: rules(['byBank', 'newPayment', 'paidShort']), actions: 'recordPayment' },
  BankCreditMatched: CREDIT_MATCHED,
  OrderCancelled: { target: 'cancelled', guard: rules(OWNER) },
  OrderTimedOut: { target: 'timedOut', guard: rules(['bySystem', 'deadlinePassed']) },
} as const;

const MORE_MATERIALS = {
  target: 'awaitingMaterials',
  guard: rules(['byBank']),
  actions: 'rememberStatusBeforeMaterials',
} as const;

const meta = (status: Status): StatusMeta => STATUS_META[status] as StatusMeta;
const recordStatus = (status: Status) => ({ type: 'recordStatus', params: { status } }) as const;
/**
 * An admin sets `to`; `kind` limits the move to ordinary or partner orders (DESIGN.md: partners 5,
 * 7, 9, 10). Confirming receipt (5), remitting (6) and completing (7) move on money: what is due
 * must have been received (a partner order's was, through the partner).
 */
const MONEY_RULES: Partial<Record<Status, readonly Rule[]>> = {
  5: ['fundsReceived'],
  6: ['fundsReceived'],
  7: ['fundsReceived', 'nothingToRefund'],
  // Refund complete: every fen received went back.
  10: ['allRefunded'],
};
const adminSets = (to: Status, kind?: 'ordinaryOrder' | 'partnerOrder') =>
  ({
    target: STATE_NAMES[to],
    guard: rules(['byAdmin', ...(kind ? [kind] : []), ...(MONEY_RULES[to] ?? [])], { sets: to }),
  }) as const;
const resumeTo = (to: Status) => ({ target: STATE_NAMES[to], guard: rules([OWNER_OR_ADMIN, 'remembersStatus'], { resumes: to }) }) as const;

const overpaidAfter = (order: OrderData, paid: string, refunded: string): string =>
  order.price ? excessMoney(subtractMoney(paid, refunded), order.price.cny_amount) : '0.00';

const fundsEntry = (kind: FundsEntry['kind'], amount_cny: string, reference: string, event: MachineEvent): FundsEntry => ({
  kind,
  amount_cny,
  reference,
  at: event.meta.occurred_at,
  by: { id: event.meta.actor.id, role: event.meta.actor.role },
});

export const orderMachine = setup({
  types: {
    context: {} as OrderData,
    events: {} as MachineEvent,
    meta: {} as StatusMeta,
  },
  guards: {
    rules: ({ context, event }, params: RuleSet) => ruleSetHolds(params, context, event),
  },
  actions: {
    recordStatus: assign(({ event }, params: { status: Status }) => ({ status: params.status, status_since: event.meta.occurred_at })),
    recordCreation: assign(({ event }) =>
      event.type !== 'OrderCreated'
        ? {}
        : {
            id: event.data.order_id,
            kind: event.data.kind,
            owner_id: event.data.owner_id,
            resource: event.data.resource,
            amount: event.data.amount,
            from: event.data.from,
            created_at: event.meta.occurred_at,
            order_no: event.data.order_no ?? legacyOrderNumber(event.data.order_id, event.meta.occurred_at),
          },
    ),
    recordPartnerOrder: assign(({ event }) =>
      event.type !== 'PartnerOrderSubmitted'
        ? {}
        : {
            id: event.data.order_id,
            kind: 'partner' as const,
            owner_id: '',
            resource: event.data.resource,
            amount: event.data.amount,
            from: event.data.partner.from,
            created_at: event.meta.occurred_at,
            order_no: event.data.order_no ?? legacyOrderNumber(event.data.order_id, event.meta.occurred_at),
            partner: event.data.partner,
            price: event.data.price,
            // The partner collected the money: nothing is outstanding.
            paid_cny: event.data.price.cny_amount,
            funds_entries: [fundsEntry('partner', event.data.price.cny_amount, event.data.partner.gic_order_id, event)],
          },
    ),
    recordAmount: assign(({ event }) => (event.type === 'AmountChanged' ? { amount: event.data.amount } : {})),
    recordAccount: assign(({ event }) => (event.type === 'RecipientAccountSaved' ? { account: event.data.account } : {})),
    recordPayer: assign(({ event }) => (event.type === 'PayerDetailsSaved' ? { payer: event.data.payer } : {})),
    recordPrice: assign(({ event }) =>
      event.type === 'OrderConfirmed' ? { price: event.data.price, deadline_date: event.data.deadline_date } : {},
    ),
    recordBank: assign(({ event }) =>
      event.type === 'PaymentMethodChosen' ? { bank: event.data.bank, reserve: event.data.reserve ?? null } : {},
    ),
    recordUpload: assign(({ context, event }) =>
      event.type === 'FileUploaded' ? { uploads: { ...context.uploads, [event.data.file.uid]: event.data.file } } : {},
    ),
    recordFileList: assign(({ event }) => (event.type === 'FilesUpdated' ? { jsfile: event.data.files } : {})),
    recordPayment: assign(({ context, event }) =>
      event.type === 'PaymentReceived' || event.type === 'ShortPaymentReceived'
        ? {
            paid_cny: event.data.paid_cny,
            payment_ids: [...context.payment_ids, event.data.payment_id],
            overpaid_cny: overpaidAfter(context, event.data.paid_cny, context.refunded_cny),
            funds_entries: [...context.funds_entries, fundsEntry('payment', event.data.amount_cny, event.data.payment_id, event)],
          }
        : {},
    ),
    recordCredit: assign(({ context, event }) =>
      event.type === 'BankCreditMatched'
        ? {
            paid_cny: event.data.paid_cny,
            overpaid_cny: overpaidAfter(context, event.data.paid_cny, context.refunded_cny),
            funds_entries: [...context.funds_entries, fundsEntry('bank_credit', event.data.amount_cny, event.data.entry_ref, event)],
          }
        : {},
    ),
    recordRefund: assign(({ context, event }) =>
      event.type === 'RefundRecorded'
        ? {
            refunded_cny: event.data.refunded_cny,
            overpaid_cny: overpaidAfter(context, context.paid_cny, event.data.refunded_cny),
            funds_entries: [...context.funds_entries, fundsEntry('refund', event.data.amount_cny, event.data.reference, event)],
          }
        : {},
    ),
    recordMessage: assign(({ event }) =>
      event.type === 'OrderMessagePosted'
        ? { last_message: { side: event.meta.actor.role === 'payer' ? 'payer' : 'back_office', at: event.meta.occurred_at } }
        : {},
    ),
    rememberStatusBeforeMaterials: assign(({ context, event }) => ({
      status_before_materials: context.status,
      materials_note: event.type === 'MoreMaterialsRequested' ? event.data.note : context.materials_note,
    })),
    // A final order takes no more files, so its public link (and the files behind it) closes for good.
    closeUploadLink: assign({ active_upload_document: false, upload_document_token: null }),
    recordUploadLink: assign(({ event }) =>
      event.type === 'UploadLinkSwitched' ? { active_upload_document: event.data.active, upload_document_token: event.data.token } : {},
    ),
  },
}).createMachine({
  id: 'order',
  context: emptyOrderData,
  initial: 'none',
  on: {
    // Holders of an active upload link, and admins (the back office's attachment dialog), may add
    // files in any status that is not final.
    FileUploaded: { guard: rules([LINK_OR_ADMIN], { existing: true }), actions: 'recordUpload' },
    FilesUpdated: { guard: rules([LINK_OR_ADMIN, 'filesUploadedHere'], { existing: true }), actions: 'recordFileList' },
    UploadLinkSwitched: { guard: rules(['byAdmin'], { existing: true }), actions: 'recordUploadLink' },
    // Money goes back in any status that holds some to give back (what may go back: funds/ledger.ts).
    RefundRecorded: { guard: rules(['byAdmin', 'refundWithinBalance', 'newRefund'], { existing: true }), actions: 'recordRefund' },
    // The payer and the back office may write to each other about an order until it ends (a final order takes no events).
    OrderMessagePosted: { guard: rules([OWNER_OR_ADMIN], { existing: true }), actions: 'recordMessage' },
  },
  states: {
    none: {
      on: {
        OrderCreated: {
          target: 'draft',
          guard: rules(['byPayer', 'createdForActor', 'ordinaryKind', 'amountAcceptable']),
          actions: 'recordCreation',
        },
        // Beyond DESIGN.md's table: a partner's order arrives paid, through the partner, and starts in 4.
        PartnerOrderSubmitted: { target: 'transferred', guard: rules(['byPartner', 'amountAcceptable']), actions: 'recordPartnerOrder' },
      },
    },
    draft: {
      meta: meta(0),
      tags: [ORDER_TAGS.editable, ORDER_TAGS.awaitsPayer, ORDER_TAGS.inStepFlow],
      entry: recordStatus(0),
      on: {
        AmountChanged: { guard: rules([...OWNER, 'amountAcceptable']), actions: 'recordAmount' },
        RecipientAccountSaved: { guard: rules(OWNER), actions: 'recordAccount' },
        PayerDetailsSaved: { guard: rules(OWNER), actions: 'recordPayer' },
        OrderConfirmed: { target: 'awaitingPayment', guard: rules([...OWNER, 'detailsComplete']), actions: 'recordPrice' },
        OrderCancelled: { target: 'cancelled', guard: rules(OWNER) },
      },
    },
    awaitingPayment: {
      meta: meta(1),
      tags: [ORDER_TAGS.timesOut, ORDER_TAGS.awaitsPayer, ORDER_TAGS.inStepFlow, ORDER_TAGS.choosesMethod],
      entry: recordStatus(1),
      on: {
        PaymentMethodChosen: { target: 'awaitingDocuments', guard: rules(OWNER), actions: 'recordBank' },
        // Money sent before the method was chosen (the order number in the postscript) is still money.
        BankCreditMatched: CREDIT_MATCHED,
        OrderCancelled: { target: 'cancelled', guard: rules(OWNER) },
        OrderTimedOut: { target: 'timedOut', guard: rules(['bySystem', 'deadlinePassed']) },
      },
    },
    awaitingDocuments: {
      meta: meta(2),
      tags: [ORDER_TAGS.paymentDue, ORDER_TAGS.timesOut, ORDER_TAGS.awaitsPayer],
      entry: recordStatus(2),
      on: {
        PaymentMethodChosen: { guard: rules(OWNER), actions: 'recordBank' },
        UploadFinished: { target: 'documentsUploaded', guard: rules([...OWNER, 'hasFiles']) },
        ...whilePaymentIsDue,
      },
    },
    documentsUploaded: {
      meta: meta(3),
      tags: [ORDER_TAGS.paymentDue, ORDER_TAGS.timesOut],
      entry: recordStatus(3),
      on: {
        ...whilePaymentIsDue,
      },
    },
    transferred: {
      meta: meta(4),
      entry: recordStatus(4),
      on: {
        // The payer said "transferred"; the money itself arrives here: in full it stays, short it waits for the rest.
        PaymentReceived: { guard: rules(['byBank', 'newPayment', 'paidInFull']), actions: 'recordPayment' },
        ShortPaymentReceived: { target: 'awaitingTopUp', guard: rules(['byBank', 'newPayment', 'paidShort']), actions: 'recordPayment' },
        BankCreditMatched: [creditTo('full'), creditTo('short', 'awaitingTopUp')],
        MoreMaterialsRequested: MORE_MATERIALS,
        OrderStatusSet: [adminSets(5), adminSets(6, 'ordinaryOrder'), adminSets(7, 'partnerOrder'), adminSets(9)],
      },
    },
    confirmingReceipt: {
      meta: meta(5),
      tags: [ORDER_TAGS.payerTold],
      entry: recordStatus(5),
      on: {
        MoreMaterialsRequested: MORE_MATERIALS,
        OrderStatusSet: [adminSets(6, 'ordinaryOrder'), adminSets(7), adminSets(9)],
      },
    },
    remitting: {
      meta: meta(6),
      tags: [ORDER_TAGS.payerTold],
      entry: recordStatus(6),
      on: {
        MoreMaterialsRequested: MORE_MATERIALS,
        OrderStatusSet: [adminSets(7, 'ordinaryOrder'), adminSets(9, 'ordinaryOrder')],
      },
    },
    complete: {
      type: 'final',
      meta: meta(7),
      tags: [ORDER_TAGS.ended, ORDER_TAGS.settled, ORDER_TAGS.payerTold],
      entry: [recordStatus(7), 'closeUploadLink'],
    },
    cancelled: {
      type: 'final',
      meta: meta(8),
      tags: [ORDER_TAGS.ended, ORDER_TAGS.calledOff],
      entry: [recordStatus(8), 'closeUploadLink'],
    },
    refunding: { meta: meta(9), entry: recordStatus(9), on: { OrderStatusSet: [adminSets(10)] } },
    refunded: {
      type: 'final',
      meta: meta(10),
      tags: [ORDER_TAGS.ended, ORDER_TAGS.calledOff, ORDER_TAGS.settled],
      entry: [recordStatus(10), 'closeUploadLink'],
    },
    timedOut: {
      type: 'final',
      meta: meta(11),
      tags: [ORDER_TAGS.ended, ORDER_TAGS.calledOff],
      entry: [recordStatus(11), 'closeUploadLink'],
    },
    awaitingTopUp: {
      meta: meta(12),
      tags: [ORDER_TAGS.paymentDue, ORDER_TAGS.awaitsPayer],
      entry: recordStatus(12),
      on: {
        PaymentFinished: { target: 'transferred', guard: rules([...OWNER, 'bankTransfer']) },
        PaymentReceived: { target: 'transferred', guard: rules(['byBank', 'newPayment', 'paidInFull']), actions: 'recordPayment' },
        // Beyond DESIGN.md's table: a top-up that is still short is counted and the order waits for
        // the rest; refusing it would leave an order whose payer paid in full stuck in 12.
        ShortPaymentReceived: { guard: rules(['byBank', 'newPayment', 'paidShort']), actions: 'recordPayment' },
        BankCreditMatched: [creditTo('full', 'transferred'), creditTo('short')],
        OrderStatusSet: [adminSets(9, 'ordinaryOrder')],
      },
    },
    awaitingMaterials: {
      meta: meta(13),
      tags: [ORDER_TAGS.awaitsPayer, ORDER_TAGS.materialsRequested],
      entry: recordStatus(13),
      on: {
        FileUploaded: { guard: rules([OWNER_OR_LINK]), actions: 'recordUpload' },
        FilesUpdated: { guard: rules([OWNER_OR_LINK, 'filesUploadedHere']), actions: 'recordFileList' },
        // Back to the status the order had when the bank asked for more materials.
        UploadFinished: [resumeTo(4), resumeTo(5), resumeTo(6)],
        OrderStatusSet: [adminSets(9, 'ordinaryOrder')],
      },
    },
  },
});

export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

import { and, assign, setup, type SnapshotFrom } from 'xstate';
import { addMoney, excessMoney } from '../money.js';
import { STATUS_META, type StatusMeta } from './display.js';
import type { OrderEvent } from './events.js';
import { emptyOrderData, type OrderData } from './order-data.js';
import {
  adminMayMove,
  allFilesUploadedHere,
  amountAcceptable,
  deadlinePassed,
  detailsComplete,
  hasRole,
  isOwner,
  paidInFull,
  paymentAlreadyCounted,
  uploaderMayAct,
} from './rules.js';
import { STATE_NAMES, type Status } from './status.js';

/**
 * The order state machine (DESIGN.md section 3). Its events are the domain's facts. When deciding,
 * the decider proposes a fact and the guards judge it; when replaying, the fact is marked
 * `trusted` and only what routes it (which status it leads to) is consulted, so stored history
 * stays replayable after a rule changes.
 */
export type MachineEvent = OrderEvent & { readonly trusted?: boolean };
type Judge = (order: OrderData, event: MachineEvent) => boolean;

/** A rule that a trusted (stored) event is not judged by again. */
const judged =
  (check: Judge) =>
  ({ context, event }: { context: OrderData; event: MachineEvent }): boolean =>
    event.trusted === true || check(context, event);

const paymentIsNew: Judge = (order, event) =>
  (event.type === 'PaymentReceived' || event.type === 'ShortPaymentReceived') &&
  hasRole(event.meta, 'bank') &&
  !paymentAlreadyCounted(order, event.data.payment_id) &&
  addMoney(order.paid_cny, event.data.amount_cny) === event.data.paid_cny;

const paidCnyOf = (event: MachineEvent): string =>
  event.type === 'PaymentReceived' || event.type === 'ShortPaymentReceived' ? event.data.paid_cny : '0';

/** Statuses 2 and 3 take the same files, payments, cancellation and timeout. */
const whilePaymentIsDue = {
  FileUploaded: { guard: 'ownerOrUploader', actions: 'recordUpload' },
  FilesUpdated: { guard: and(['ownerOrUploader', 'filesUploadedHere']), actions: 'recordFileList' },
  // Past the deadline the order is due to time out: saying "paid" no longer saves it (the bank's own payment still does).
  PaymentFinished: { target: 'transferred', guard: and(['byOwner', 'beforeDeadline']) },
  PaymentReceived: { target: 'transferred', guard: 'fullPayment', actions: 'recordPayment' },
  ShortPaymentReceived: { target: 'awaitingTopUp', guard: 'shortPayment', actions: 'recordPayment' },
  OrderCancelled: { target: 'cancelled', guard: 'byOwner' },
  OrderTimedOut: { target: 'timedOut', guard: 'deadlinePassed' },
} as const;

const meta = (status: Status): StatusMeta => STATUS_META[status] as StatusMeta;
const recordStatus = (status: Status) => ({ type: 'recordStatus', params: { status } }) as const;
const adminSets = (to: Status) => ({ target: STATE_NAMES[to], guard: { type: 'adminMayMoveTo', params: { to } } }) as const;
const resumeTo = (to: Status) => ({ target: STATE_NAMES[to], guard: { type: 'resumesTo', params: { to } } }) as const;

export const orderMachine = setup({
  types: {
    context: {} as OrderData,
    events: {} as MachineEvent,
    meta: {} as StatusMeta,
  },
  guards: {
    createdByPayer: judged(
      (order, event) =>
        event.type === 'OrderCreated' &&
        hasRole(event.meta, 'payer') &&
        event.meta.actor.id === event.data.owner_id &&
        amountAcceptable({ ...order, resource: event.data.resource }, event.data.amount),
    ),
    byOwner: judged((order, event) => isOwner(order, event.meta)),
    byAdminOfLiveOrder: judged((order, event) => hasRole(event.meta, 'admin') && order.status !== null),
    // Not even a stored fact can touch an order that was never created.
    orderExists: ({ context }) => context.status !== null,
    byBank: judged((_order, event) => hasRole(event.meta, 'bank')),
    amountAcceptable: judged(
      (order, event) => event.type === 'AmountChanged' && amountAcceptable(order, event.data.amount),
    ),
    detailsComplete: judged((order) => detailsComplete(order)),
    hasFiles: judged((order) => order.jsfile.length > 0),
    ownerOrUploader: judged((order, event) => isOwner(order, event.meta) || uploaderMayAct(order, event.meta)),
    uploader: judged((order, event) => uploaderMayAct(order, event.meta)),
    filesUploadedHere: judged(
      (order, event) =>
        event.type === 'FilesUpdated' && allFilesUploadedHere(order, event.data.files.map((file) => file.uid)),
    ),
    fullPayment: judged((order, event) => paymentIsNew(order, event) && paidInFull(order, paidCnyOf(event))),
    shortPayment: judged((order, event) => paymentIsNew(order, event) && !paidInFull(order, paidCnyOf(event))),
    deadlinePassed: judged((order, event) => hasRole(event.meta, 'system') && deadlinePassed(order, event.meta)),
    beforeDeadline: judged((order, event) => !deadlinePassed(order, event.meta)),
    adminMayMoveTo: ({ context, event }, params: { to: Status }) =>
      event.type === 'OrderStatusSet' &&
      event.data.status === params.to &&
      (event.trusted === true || (hasRole(event.meta, 'admin') && adminMayMove(context, params.to))),
    // Routing follows the stored fact; the rule checks it against what the order remembers.
    resumesTo: ({ context, event }, params: { to: Status }) =>
      event.type === 'UploadFinished' &&
      event.data.resumed_status === params.to &&
      (event.trusted === true || (isOwner(context, event.meta) && context.status_before_materials === params.to)),
  },
  actions: {
    recordStatus: assign((_, params: { status: Status }) => ({ status: params.status })),
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
          },
    ),
    recordAmount: assign(({ event }) => (event.type === 'AmountChanged' ? { amount: event.data.amount } : {})),
    recordAccount: assign(({ event }) => (event.type === 'RecipientAccountSaved' ? { account: event.data.account } : {})),
    recordPayer: assign(({ event }) => (event.type === 'PayerDetailsSaved' ? { payer: event.data.payer } : {})),
    recordPrice: assign(({ event }) =>
      event.type === 'OrderConfirmed' ? { price: event.data.price, deadline_date: event.data.deadline_date } : {},
    ),
    recordBank: assign(({ event }) => (event.type === 'PaymentMethodChosen' ? { bank: event.data.bank } : {})),
    recordUpload: assign(({ context, event }) =>
      event.type === 'FileUploaded' ? { uploads: { ...context.uploads, [event.data.file.uid]: event.data.file } } : {},
    ),
    recordFileList: assign(({ event }) => (event.type === 'FilesUpdated' ? { jsfile: event.data.files } : {})),
    recordPayment: assign(({ context, event }) =>
      event.type === 'PaymentReceived' || event.type === 'ShortPaymentReceived'
        ? {
            paid_cny: event.data.paid_cny,
            payment_ids: [...context.payment_ids, event.data.payment_id],
            overpaid_cny: context.price ? excessMoney(event.data.paid_cny, context.price.cny_amount) : '0.00',
          }
        : {},
    ),
    rememberStatusBeforeMaterials: assign(({ context }) => ({ status_before_materials: context.status })),
    // A final order takes no more files, so its public link (and the files behind it) closes for good.
    closeUploadLink: assign({ active_upload_document: false, upload_document_token: null }),
    recordUploadLink: assign(({ event }) =>
      event.type === 'UploadLinkSwitched'
        ? { active_upload_document: event.data.active, upload_document_token: event.data.token }
        : {},
    ),
  },
}).createMachine({
  id: 'order',
  context: emptyOrderData,
  initial: 'none',
  on: {
    // Holders of an active upload link may add files in any status that is not final.
    FileUploaded: { guard: and(['orderExists', 'uploader']), actions: 'recordUpload' },
    FilesUpdated: { guard: and(['orderExists', 'uploader', 'filesUploadedHere']), actions: 'recordFileList' },
    UploadLinkSwitched: { guard: and(['orderExists', 'byAdminOfLiveOrder']), actions: 'recordUploadLink' },
  },
  states: {
    none: {
      on: { OrderCreated: { target: 'draft', guard: 'createdByPayer', actions: 'recordCreation' } },
    },
    draft: {
      meta: meta(0),
      entry: recordStatus(0),
      on: {
        AmountChanged: { guard: and(['byOwner', 'amountAcceptable']), actions: 'recordAmount' },
        RecipientAccountSaved: { guard: 'byOwner', actions: 'recordAccount' },
        PayerDetailsSaved: { guard: 'byOwner', actions: 'recordPayer' },
        OrderConfirmed: { target: 'awaitingPayment', guard: and(['byOwner', 'detailsComplete']), actions: 'recordPrice' },
        OrderCancelled: { target: 'cancelled', guard: 'byOwner' },
      },
    },
    awaitingPayment: {
      meta: meta(1),
      entry: recordStatus(1),
      on: {
        PaymentMethodChosen: { target: 'awaitingDocuments', guard: 'byOwner', actions: 'recordBank' },
        OrderCancelled: { target: 'cancelled', guard: 'byOwner' },
        OrderTimedOut: { target: 'timedOut', guard: 'deadlinePassed' },
      },
    },
    awaitingDocuments: {
      meta: meta(2),
      entry: recordStatus(2),
      on: {
        PaymentMethodChosen: { guard: 'byOwner', actions: 'recordBank' },
        UploadFinished: { target: 'documentsUploaded', guard: and(['byOwner', 'hasFiles']) },
        ...whilePaymentIsDue,
      },
    },
    documentsUploaded: {
      meta: meta(3),
      entry: recordStatus(3),
      on: {
        ...whilePaymentIsDue,
      },
    },
    transferred: {
      meta: meta(4),
      entry: recordStatus(4),
      on: {
        MoreMaterialsRequested: { target: 'awaitingMaterials', guard: 'byBank', actions: 'rememberStatusBeforeMaterials' },
        OrderStatusSet: [adminSets(5), adminSets(6), adminSets(7), adminSets(9)],
      },
    },
    confirmingReceipt: {
      meta: meta(5),
      entry: recordStatus(5),
      on: {
        MoreMaterialsRequested: { target: 'awaitingMaterials', guard: 'byBank', actions: 'rememberStatusBeforeMaterials' },
        OrderStatusSet: [adminSets(6), adminSets(7), adminSets(9)],
      },
    },
    remitting: {
      meta: meta(6),
      entry: recordStatus(6),
      on: {
        MoreMaterialsRequested: { target: 'awaitingMaterials', guard: 'byBank', actions: 'rememberStatusBeforeMaterials' },
        OrderStatusSet: [adminSets(7), adminSets(9)],
      },
    },
    complete: { type: 'final', meta: meta(7), entry: [recordStatus(7), 'closeUploadLink'] },
    cancelled: { type: 'final', meta: meta(8), entry: [recordStatus(8), 'closeUploadLink'] },
    refunding: { meta: meta(9), entry: recordStatus(9), on: { OrderStatusSet: [adminSets(10)] } },
    refunded: { type: 'final', meta: meta(10), entry: [recordStatus(10), 'closeUploadLink'] },
    timedOut: { type: 'final', meta: meta(11), entry: [recordStatus(11), 'closeUploadLink'] },
    awaitingTopUp: {
      meta: meta(12),
      entry: recordStatus(12),
      on: {
        PaymentFinished: { target: 'transferred', guard: 'byOwner' },
        PaymentReceived: { target: 'transferred', guard: 'fullPayment', actions: 'recordPayment' },
        // Beyond DESIGN.md's table: a top-up that is still short is counted and the order waits for
        // the rest; refusing it would leave an order whose payer paid in full stuck in 12.
        ShortPaymentReceived: { guard: 'shortPayment', actions: 'recordPayment' },
        OrderStatusSet: [adminSets(9)],
      },
    },
    awaitingMaterials: {
      meta: meta(13),
      entry: recordStatus(13),
      on: {
        FileUploaded: { guard: 'ownerOrUploader', actions: 'recordUpload' },
        FilesUpdated: { guard: and(['ownerOrUploader', 'filesUploadedHere']), actions: 'recordFileList' },
        // Back to the status the order had when the bank asked for more materials.
        UploadFinished: [resumeTo(4), resumeTo(5), resumeTo(6)],
        OrderStatusSet: [adminSets(9)],
      },
    },
  },
});

export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

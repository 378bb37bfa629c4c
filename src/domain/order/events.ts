import type {
  FileEntry,
  Institution,
  LockedPrice,
  OrderKind,
  PartnerDetails,
  PayerDetails,
  PaymentMethod,
  RecipientAccount,
  ReserveAccount,
  UploadedFile,
} from './order-data.js';
import type { Status } from './status.js';

export type ActorRole = 'payer' | 'admin' | 'bank' | 'system' | 'uploader' | 'partner' | 'warehouse';
export interface Actor {
  readonly id: string;
  readonly role: ActorRole;
}

export const EVENT_SCHEMA_VERSION = 1;

/** Metadata every event carries (DESIGN.md section 3). */
export interface EventMetadata {
  readonly event_id: string;
  readonly actor: Actor;
  /** ISO-8601 instant, given by the caller: the domain has no clock. */
  readonly occurred_at: string;
  readonly correlation_id: string;
  readonly causation_id: string;
  readonly schema_version: number;
}

type Fact<T extends string, D> = { readonly type: T; readonly data: D; readonly meta: EventMetadata };

export type OrderCreated = Fact<
  'OrderCreated',
  {
    order_id: string;
    kind: OrderKind;
    owner_id: string;
    resource: Institution;
    amount: string;
    from: string;
    /** Absent in events stored before numbers were handed out. */ order_no?: string;
  }
>;
/** A partner's order (SPEC's "gic" orders), paid through the partner: it starts as transferred (4). */
export type PartnerOrderSubmitted = Fact<
  'PartnerOrderSubmitted',
  { order_id: string; resource: Institution; amount: string; partner: PartnerDetails; price: LockedPrice; order_no?: string }
>;
export type AmountChanged = Fact<'AmountChanged', { amount: string }>;
export type RecipientAccountSaved = Fact<'RecipientAccountSaved', { account: RecipientAccount }>;
export type PayerDetailsSaved = Fact<'PayerDetailsSaved', { payer: PayerDetails }>;
export type OrderConfirmed = Fact<'OrderConfirmed', { price: LockedPrice; deadline_date: string }>;
/** `reserve` is the account a bank-transfer payer was shown (absent for scan payment, and in events stored before it was recorded). */
export type PaymentMethodChosen = Fact<'PaymentMethodChosen', { bank: PaymentMethod; reserve?: ReserveAccount }>;
export type FileUploaded = Fact<'FileUploaded', { file: UploadedFile }>;
export type FilesUpdated = Fact<'FilesUpdated', { files: FileEntry[] }>;
export type UploadFinished = Fact<'UploadFinished', { resumed_status: Status | null }>;
export type PaymentFinished = Fact<'PaymentFinished', Record<string, never>>;
export type PaymentReceived = Fact<'PaymentReceived', { payment_id: string; amount_cny: string; paid_cny: string }>;
export type ShortPaymentReceived = Fact<'ShortPaymentReceived', { payment_id: string; amount_cny: string; paid_cny: string }>;
/**
 * A credit on the reserve account's statement, matched to the order (by the order number in its
 * postscript, or by a person): money, counted once per statement entry reference.
 */
export type BankCreditMatched = Fact<
  'BankCreditMatched',
  {
    entry_ref: string;
    booking_date: string;
    amount_cny: string;
    /** Received in all, this credit included. */
    paid_cny: string;
    payer_name: string;
    payer_account: string;
    /** Why a person matched it by hand ('' when the postscript named the order). */
    reason: string;
  }
>;
/** Money sent back to the payer (partly or wholly), with the bank's reference of the refund. */
export type RefundRecorded = Fact<'RefundRecorded', { amount_cny: string; reference: string; reason: string; refunded_cny: string }>;
/** A message on the order's thread between the payer and the back office (DESIGN.md section 11). */
export type OrderMessagePosted = Fact<'OrderMessagePosted', { message_id: string; text: string }>;
export type MoreMaterialsRequested = Fact<'MoreMaterialsRequested', { note: string }>;
/** `reason` is the admin's words for the move (absent in events stored before it was asked). */
export type OrderStatusSet = Fact<'OrderStatusSet', { status: Status; reason?: string }>;
export type OrderCancelled = Fact<'OrderCancelled', Record<string, never>>;
export type OrderTimedOut = Fact<'OrderTimedOut', { deadline_date: string }>;
export type UploadLinkSwitched = Fact<'UploadLinkSwitched', { active: boolean; token: string | null }>;

export type OrderEvent =
  | OrderCreated
  | PartnerOrderSubmitted
  | AmountChanged
  | RecipientAccountSaved
  | PayerDetailsSaved
  | OrderConfirmed
  | PaymentMethodChosen
  | FileUploaded
  | FilesUpdated
  | UploadFinished
  | PaymentFinished
  | PaymentReceived
  | ShortPaymentReceived
  | BankCreditMatched
  | RefundRecorded
  | OrderMessagePosted
  | MoreMaterialsRequested
  | OrderStatusSet
  | OrderCancelled
  | OrderTimedOut
  | UploadLinkSwitched;

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES = [
  'OrderCreated',
  'PartnerOrderSubmitted',
  'AmountChanged',
  'RecipientAccountSaved',
  'PayerDetailsSaved',
  'OrderConfirmed',
  'PaymentMethodChosen',
  'FileUploaded',
  'FilesUpdated',
  'UploadFinished',
  'PaymentFinished',
  'PaymentReceived',
  'ShortPaymentReceived',
  'BankCreditMatched',
  'RefundRecorded',
  'OrderMessagePosted',
  'MoreMaterialsRequested',
  'OrderStatusSet',
  'OrderCancelled',
  'OrderTimedOut',
  'UploadLinkSwitched',
] as const satisfies readonly OrderEventType[];

/** The event stream of one order. */
export const orderStreamId = (orderId: string): string => `order-${orderId}`;
export const ORDER_STREAM_PREFIX = 'order-';

import type { PayeeCurrency } from '../money.js';
import type { Status } from './status.js';

export type OrderKind = 'order' | 'partner';
/** 1 = card-scheme payment (bank transfer), 3 = messenger scan payment. */
export type PaymentMethod = 1 | 3;

/** Bank 1: the payer transfers CNY; the payment institution confirms it (SPEC.md: funds go straight to its reserve account). */
export const BANK_TRANSFER: PaymentMethod = 1;

/**
 * Where a bank-transfer payer sends the CNY, as told when the method was chosen: the payment
 * institution's reserve account, and the postscript (附言) that lets the bank match the transfer.
 */
export interface ReserveAccount {
  readonly name: string;
  readonly bank: string;
  readonly account_no: string;
  readonly postscript: string;
}

export interface Institution {
  readonly id: string;
  readonly name: string;
  readonly currency: PayeeCurrency;
}

/** Recipient account fields of step 2 (SPEC.md section 3). */
export interface RecipientAccount {
  readonly accept_account_name: string;
  readonly accept_account_no: string;
  readonly accept_bank: string;
  readonly accept_address: string;
  readonly accept_swift: string;
  readonly accept_reference: string;
  readonly accept_remittance: string;
  readonly transit_code: string;
  readonly bank_branches: string;
}

/** Patient and payer fields of step 3. */
export interface PayerDetails {
  readonly student_last_name: string;
  readonly student_first_name: string;
  readonly student_last_name_pinyin: string;
  readonly student_first_name_pinyin: string;
  readonly student_email: string;
  readonly student_idcode: string;
  readonly payer_relation: string;
  readonly payer_last_name: string;
  readonly payer_first_name: string;
  readonly payer_code: string;
  readonly payer_phone: string;
  readonly payer_idcode: string;
  readonly accept_reference: string;
  /** Step 3's remittance reference; absent when the caller did not send it (SPEC.md's send/update has no such field), and in details saved before it existed. */
  readonly accept_remittance?: string;
}

/** A file stored for this order by an upload (the storage key never leaves the server). */
export interface UploadedFile {
  readonly uid: string;
  readonly name: string;
  readonly size: number;
  readonly content_type: string;
  readonly url: string;
  /** SHA-256 (hex) of the stored bytes, so the evidence covers documents too; absent on files uploaded before it was recorded. */
  readonly sha256?: string;
}

/** An entry of the order's file list as shown to the payer (SPEC.md "File entry"). */
export interface FileEntry {
  readonly uid: string;
  readonly name: string;
  readonly status: 'done';
  readonly url: string;
}

/**
 * What a partner's server sends with its order (SPEC.md section 3, "Partner order"): its own id,
 * where the money comes from and goes to, its rate, fee and profit in CNY, and the two names.
 */
export interface PartnerDetails {
  readonly gic_order_id: string;
  readonly from: string;
  readonly target: string;
  readonly gic_rate: string;
  readonly cny_fee: string;
  readonly gic_profit: string;
  readonly student_name: string;
  readonly payer_name: string;
}

/** Rate, markup and CNY amount fixed when the payer confirms. */
export interface LockedPrice {
  readonly rate: string;
  readonly markup: string;
  /** rate × (1 + markup): SPEC's reserved_amount_rate. */
  readonly reserved_amount_rate: string;
  readonly cny_amount: string;
}

/** One movement of money on the order (DESIGN.md section 10's funds entries). */
export interface FundsEntry {
  /** `partner`: what a partner collected from the payer, received with its order. */
  readonly kind: 'payment' | 'bank_credit' | 'refund' | 'partner';
  readonly amount_cny: string;
  /** The provider's payment id, the statement entry's reference or the bank's refund reference. */
  readonly reference: string;
  readonly at: string;
  /** Who recorded it: the actor's role and id. */
  readonly by: { readonly id: string; readonly role: string };
}

/** Everything the machine knows about one order: its XState context. */
export interface OrderData {
  readonly id: string;
  readonly kind: OrderKind;
  readonly owner_id: string;
  readonly status: Status | null;
  readonly resource: Institution | null;
  readonly amount: string;
  readonly from: string;
  readonly created_at: string | null;
  /** The readable order number (order-number.ts); '' before the order exists. */
  readonly order_no: string;
  readonly account: RecipientAccount | null;
  readonly payer: PayerDetails | null;
  readonly price: LockedPrice | null;
  readonly deadline_date: string | null;
  readonly bank: PaymentMethod | null;
  /** Only for a bank transfer. */
  readonly reserve: ReserveAccount | null;
  readonly uploads: Readonly<Record<string, UploadedFile>>;
  readonly jsfile: readonly FileEntry[];
  readonly active_upload_document: boolean;
  readonly upload_document_token: string | null;
  /** CNY received so far, and the payment ids already counted (a payment is counted once). */
  readonly paid_cny: string;
  readonly payment_ids: readonly string[];
  /** CNY received beyond the locked amount: an overpayment the back office must refund. */
  readonly overpaid_cny: string;
  /** CNY sent back to the payer so far. */
  readonly refunded_cny: string;
  /** The money facts behind paid_cny and refunded_cny, oldest first. */
  readonly funds_entries: readonly FundsEntry[];
  /** When the current status began (null before the order exists, and in contexts stored before it was kept). */
  readonly status_since: string | null;
  /** The bank's last request for more materials ('' until it asks). */
  readonly materials_note: string;
  /** The thread's last message: which side wrote it and when (null until someone writes). */
  readonly last_message: { readonly side: 'payer' | 'back_office'; readonly at: string } | null;
  /** The status an order returns to when the payer finishes adding materials (13 → before). */
  readonly status_before_materials: Status | null;
  /** A partner order's details; null for an ordinary order. */
  readonly partner: PartnerDetails | null;
}

export const emptyOrderData: OrderData = {
  id: '',
  kind: 'order',
  owner_id: '',
  status: null,
  resource: null,
  amount: '0',
  from: '',
  created_at: null,
  order_no: '',
  account: null,
  payer: null,
  price: null,
  deadline_date: null,
  bank: null,
  reserve: null,
  uploads: {},
  jsfile: [],
  active_upload_document: false,
  upload_document_token: null,
  paid_cny: '0.00',
  payment_ids: [],
  overpaid_cny: '0.00',
  refunded_cny: '0.00',
  funds_entries: [],
  status_since: null,
  materials_note: '',
  last_message: null,
  status_before_materials: null,
  partner: null,
};

/** The payer is the patient themself: payer names and ID are copied from the patient. */
export const SELF_RELATION = '本人';

/** When the payer is the patient (本人), the payer's names and ID are the patient's. */
export function withSelfPayerCopied(details: PayerDetails): PayerDetails {
  if (details.payer_relation !== SELF_RELATION) return details;
  return {
    ...details,
    payer_last_name: details.student_last_name,
    payer_first_name: details.student_first_name,
    payer_idcode: details.student_idcode,
  };
}

import type { ColumnType, Generated } from 'kysely';
import type { Int8, Json, Timestamp } from '../database/column-types.js';
import type { FileEntry, OrderData, OrderKind, PartnerDetails } from '../domain/index.js';

/** The read-model tables: written only by the projector, from the event log, and rebuilt from it. */

/** An order as the pages read it: SPEC.md section 3's fields, plus the machine's context. */
export interface OrdersTable {
  id: string;
  kind: OrderKind;
  owner_id: number;
  status: number;
  amount: string;
  currency: string;
  cny_amount: string | null;
  reserved_amount_rate: string | null;
  rate: string | null;
  markup: string | null;
  deadline_date: Timestamp | null;
  resource: string;
  resource_name: string;
  /** The readable order number (domain/order/order-number.ts). */
  order_no: string;
  bank: number | null;
  zl_order: string | null;
  active_upload_document: boolean;
  upload_document_token: string | null;
  jsfile: Json<FileEntry[]>;
  accept_account_name: string;
  accept_account_no: string;
  accept_bank: string;
  accept_address: string;
  accept_swift: string;
  accept_reference: string;
  accept_remittance: string;
  transit_code: string;
  bank_branches: string;
  student_last_name: string;
  student_first_name: string;
  student_last_name_pinyin: string;
  student_first_name_pinyin: string;
  student_email: string;
  student_idcode: string;
  payer_relation: string;
  payer_last_name: string;
  payer_first_name: string;
  payer_code: string;
  payer_phone: string;
  payer_idcode: string;
  reserve_name: string;
  reserve_bank: string;
  reserve_account_no: string;
  reserve_postscript: string;
  paid_cny: string;
  /** CNY paid beyond the locked amount, to refund; non-zero rows are the back office's refund list. */
  overpaid_cny: ColumnType<string, string | undefined, string>;
  refunded_cny: ColumnType<string, string | undefined, string>;
  /** received − refunded − due (DESIGN.md section 10): negative is still owed, positive is to refund. */
  balance_cny: ColumnType<string, string | undefined, string>;
  /** When the current status began. */
  status_since: Timestamp;
  materials_note: ColumnType<string, string | undefined, string>;
  /** The payer wrote last on the order's thread: the back office owes an answer (the to_answer queue). */
  awaits_reply: ColumnType<boolean, boolean | undefined, boolean>;
  /** A partner order's own id (null for ordinary orders) and the partner's details. */
  gic_order_id: string | null;
  partner: Json<PartnerDetails> | null;
  /** The machine's context after the last event, so the projector can evolve it. */
  state: Json<OrderData>;
  /** Stream revision of the last event applied. */
  revision: Int8;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderHistoryTable {
  event_id: string;
  order_id: string;
  revision: Int8;
  type: string;
  actor_id: string;
  actor_role: string;
  occurred_at: Timestamp;
  status_before: number | null;
  status_after: number;
}

/** Changes of the status counts not folded into order_status_counts yet (status-counts.ts). */
export interface OrderStatusDeltasTable {
  id: Generated<string>;
  status: number;
  delta: number;
}

export interface OrderStatusCountsTable {
  status: number;
  count: number;
}

/** Lower-case words an admin may search an order by (prefix match): ids, names, pinyin, phone, email. */
export interface OrderSearchTermsTable {
  order_id: string;
  term: string;
}

/** The revision each reference stream has reached in the read tables. */
export interface StreamRevisionsTable {
  stream_id: string;
  revision: Int8;
}

export interface ProjectionCheckpointsTable {
  name: string;
  checkpoint: string;
  updated_at: Timestamp;
}

/** Secondary indexes a rebuild dropped, to be created again (migration 0046). */
export interface RebuildDroppedIndexesTable {
  name: string;
  definition: string;
}

export interface ReadModelTables {
  orders: OrdersTable;
  order_history: OrderHistoryTable;
  order_status_counts: OrderStatusCountsTable;
  order_status_deltas: OrderStatusDeltasTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  order_search_terms: OrderSearchTermsTable;
  stream_revisions: StreamRevisionsTable;
  rebuild_dropped_indexes: RebuildDroppedIndexesTable;
}

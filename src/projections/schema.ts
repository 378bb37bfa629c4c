import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { EventStoreTables } from '../../eventstore/postgres/index.js';
import type { FileEntry, OrderData, OrderKind } from '../domain/index.js';

/**
 * The one Database interface: the event store's tables, the order read tables fed from the log,
 * and the reference data the API keeps directly (users, institutions, settings, stored files).
 * int8 columns arrive as decimal strings from both PGlite and pg.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  name: string;
  password_hash: string | null;
  /** Non-zero means admin. */
  group: ColumnType<number, number | undefined, number>;
  wechat_unionid: string | null;
  wechat_openid: string | null;
  /** Tokens issued before this instant are refused (a password reset ends older sessions). */
  sessions_valid_after: Timestamp;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token sent by mail; the token itself is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface ResourcesTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  code: string;
  currency: string;
  country: string;
  account_no: string;
  account_name: string;
  account_address: string;
  account_bank: string;
  swift: string;
  /** The recipient's account is fixed: step 2 takes these details instead of what the payer typed. */
  preset_account: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

/** Single-record settings: the markup table and the notice. */
export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

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
  reserve_postscript: string;
  paid_cny: string;
  /** CNY paid beyond the locked amount, to refund; non-zero rows are the back office's refund list. */
  overpaid_cny: ColumnType<string, string | undefined, string>;
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

export interface OrderStatusCountsTable {
  status: number;
  count: number;
}

export interface ProjectionCheckpointsTable {
  name: string;
  checkpoint: string;
  updated_at: Timestamp;
}

/** A file received by an upload: stored under a random name outside any served folder. */
export interface StoredFilesTable {
  uid: string;
  order_id: string;
  storage_name: string;
  original_name: string;
  content_type: string;
  size: number;
  uploaded_by: string;
  created_at: CreatedAt;
}

/** Payment and bank webhooks already handled, by their id: a replay is answered, not re-applied. */
export interface WebhookReceiptsTable {
  id: string;
  kind: string;
  outcome: string;
  /** The raw body as the sender sent it. */
  payload: Generated<string>;
  received_at: CreatedAt;
}

export interface AppTables {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  resources: ResourcesTable;
  settings: SettingsTable;
  orders: OrdersTable;
  order_history: OrderHistoryTable;
  order_status_counts: OrderStatusCountsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  stored_files: StoredFilesTable;
  webhook_receipts: WebhookReceiptsTable;
}

export type DB = AppTables & EventStoreTables;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Resource = Selectable<ResourcesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;

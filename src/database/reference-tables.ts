import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types.js';

/**
 * The reference data the API keeps directly, not fed by the event log: users and their password
 * resets, institutions, settings, stored files and the webhooks already handled.
 */

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  name: string;
  password_hash: string | null;
  /** Non-zero means admin. */
  group: ColumnType<number, number | undefined, number>;
  wechat_unionid: string | null;
  wechat_openid: string | null;
  /** The openid at the official account, the one template messages go to (migration 0044). */
  wechat_mp_openid: ColumnType<string | null, string | null | undefined, string | null>;
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
  transit_code: ColumnType<string, string | undefined, string>;
  bank_branches: ColumnType<string, string | undefined, string>;
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
  /** When an erasure destroyed the bytes (and blanked the name); the events keep the hash. */
  erased_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Payment and bank webhooks already handled, by their id: a replay is answered, not re-applied. */
export interface WebhookReceiptsTable {
  id: string;
  kind: string;
  outcome: string;
  /** The raw body as the sender sent it. */
  payload: Generated<string>;
  received_at: CreatedAt;
  /** The order the webhook was about (null on receipts kept before it was recorded). */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One AES-256 key per data subject (DESIGN.md section 8); null once the subject is erased. */
export interface SubjectKeysTable {
  subject_id: string;
  key: Uint8Array | null;
  created_at: CreatedAt;
  erased_at: Timestamp | null;
}

/** Rate-limit counters shared by the server processes (auth/rate-limit-store.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

/** A proposal of a second admin's approval (migration 0019), projected from its stream. */
export interface ApprovalsTable {
  id: string;
  kind: string;
  /** The ProposedChange (domain/reference/approvals.ts). */
  change: Json<unknown>;
  target_stream: string;
  base_revision: string | null;
  state: string;
  proposed_by: number;
  proposed_at: Date;
  decided_by: number | null;
  decided_at: Date | null;
  reason: string | null;
}

export interface ReferenceTables {
  approvals: ApprovalsTable;
  users: UsersTable;
  rate_limits: RateLimitsTable;
  subject_keys: SubjectKeysTable;
  password_resets: PasswordResetsTable;
  resources: ResourcesTable;
  settings: SettingsTable;
  stored_files: StoredFilesTable;
  webhook_receipts: WebhookReceiptsTable;
}

import type { Timestamp } from './column-types.js';

/** One issued receipt (migration 0036): the signed figures as their exact canonical JSON text. */
export interface ReceiptsTable {
  receipt_no: string;
  order_id: string;
  /** SHA-256 of the figures without the number and the time of issue: the state the receipt is for. */
  state_hash: string;
  figures: string;
  /** Ed25519 over `figures`, base64. */
  signature: string;
  key_id: string;
  issued_at: Timestamp;
}

export interface ReceiptTables {
  receipts: ReceiptsTable;
}

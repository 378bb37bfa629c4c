import type { Db } from '../../database/schema.js';

/** A stored receipt's signed JSON and signature by its number, if we issued it. */
export const storedReceipt = (db: Db, receiptNo: string) =>
  db.selectFrom('receipts').select(['figures', 'signature']).where('receipt_no', '=', receiptNo).executeTakeFirst();

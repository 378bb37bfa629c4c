import { randomBytes } from 'node:crypto';
import { canonicalJson, sha256Hex } from '../../../eventstore/chain/index.js';
import type { Db, OrderRow } from '../../database/schema.js';
import { normalizeAmount, toPinyin } from '../../domain/index.js';
import { initialsOf, REMITTED_STATUS, type ReceiptFigures, type ReceiptState } from '../../domain/receipts/receipt.js';
import type { AppDeps } from '../deps.js';
import { englishName } from '../orders/order-view.js';

/** An issued receipt: the signed canonical JSON, its signature and the figures it holds. */
export interface IssuedReceipt {
  readonly figures: ReceiptFigures;
  /** The exact text signed: what the PDF embeds and the public check verifies. */
  readonly signedJson: string;
  readonly signature: string;
  readonly keyId: string;
}

const decimalOrNull = (value: string | null) => (value === null ? null : normalizeAmount(value));

/** When the order's last payment arrived (its history), null when none is recorded. */
async function receivedAt(db: Db, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('order_history')
    .select('occurred_at')
    .where('order_id', '=', orderId)
    .where('type', '=', 'PaymentReceived')
    .orderBy('occurred_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? row.occurred_at.toISOString() : null;
}

/** The figures of the order's present state (pure but for the lookups of the institution's name and the payment time). */
export async function receiptStateOf(deps: Pick<AppDeps, 'db' | 'reference'>, row: OrderRow): Promise<ReceiptState> {
  return {
    order_no: row.order_no,
    institution: row.resource_name,
    institution_en: await englishName(deps, row.resource),
    account_name: row.accept_account_name,
    account_no: row.accept_account_no,
    bank: row.accept_bank,
    swift: row.accept_swift,
    amount: normalizeAmount(row.amount),
    currency: row.currency,
    rate: decimalOrNull(row.rate),
    markup: decimalOrNull(row.markup),
    cny_due: decimalOrNull(row.cny_amount),
    cny_received: normalizeAmount(row.paid_cny),
    received_at: await receivedAt(deps.db, row.id),
    status: row.status,
    remitted_at: row.status === REMITTED_STATUS ? row.status_since.toISOString() : null,
    // The orders hold no bank transfer reference yet (zl_order is never written); shown when one is.
    bank_reference: row.zl_order,
    payer_initials: initialsOf(toPinyin(row.payer_last_name, { surname: true }), toPinyin(row.payer_first_name)),
  };
}

const BASE32 = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A receipt number: R, the day, and 8 random characters (not guessable from the order's number). */
function newReceiptNo(now: Date): string {
  const random = [...randomBytes(8)].map((byte) => BASE32[byte % BASE32.length]).join('');
  return `R${now.toISOString().slice(0, 10).replaceAll('-', '')}-${random}`;
}

const fromRow = (row: { figures: string; signature: string; key_id: string }): IssuedReceipt => ({
  figures: JSON.parse(row.figures) as ReceiptFigures,
  signedJson: row.figures,
  signature: row.signature,
  keyId: row.key_id,
});

/**
 * The receipt of the order's present state: the one issued before for the same figures, or a new
 * one, signed and stored. Two downloads at once issue one (the second finds the first's row).
 */
export async function receiptFor(
  deps: Pick<AppDeps, 'db' | 'reference' | 'receiptSigner' | 'clock'>,
  row: OrderRow,
): Promise<IssuedReceipt> {
  const state = await receiptStateOf(deps, row);
  const stateHash = sha256Hex(canonicalJson(state));
  const existing = () =>
    deps.db
      .selectFrom('receipts')
      .select(['figures', 'signature', 'key_id'])
      .where('order_id', '=', row.id)
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
  const found = await existing();
  if (found) return fromRow(found);
  const now = deps.clock.now();
  const figures: ReceiptFigures = { ...state, receipt_no: newReceiptNo(now), issued_at: now.toISOString() };
  const signedJson = canonicalJson(figures);
  await deps.db
    .insertInto('receipts')
    .values({
      receipt_no: figures.receipt_no,
      order_id: row.id,
      state_hash: stateHash,
      figures: signedJson,
      signature: deps.receiptSigner.sign(signedJson),
      key_id: deps.receiptSigner.keyId,
      issued_at: now,
    })
    .onConflict((conflict) => conflict.columns(['order_id', 'state_hash']).doNothing())
    .execute();
  return fromRow((await existing())!);
}

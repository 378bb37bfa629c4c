import { z } from 'zod';
import { receiptFigures } from '../receipts/receipt.js';

export { receiptFigures, type ReceiptFigures } from '../receipts/receipt.js';

/** The public check of a receipt number: authentic (issued and signed by us) with its figures, or not issued by us. */
export const receiptCheck = z
  .object({
    authentic: z.boolean(),
    receipt: receiptFigures.nullable(),
    key_id: z.string().nullable(),
  })
  .meta({ id: 'ReceiptCheck' });
export type ReceiptCheck = z.infer<typeof receiptCheck>;

/** What the PDF embeds (its attachment receipt.json): the signed canonical JSON text and its signature. */
export const signedReceipt = z.object({
  figures: z.string().max(8_000).describe('The canonical JSON the receipt signs, exactly as embedded in the PDF'),
  signature: z.string().max(200).describe('Ed25519 over the figures, base64'),
});
export type SignedReceipt = z.infer<typeof signedReceipt>;

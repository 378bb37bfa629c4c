import { z } from 'zod';

/**
 * What a receipt signs (DESIGN.md section 11): the order's money facts and the payer's initials,
 * never a name in full, since anyone holding the receipt number may read them back.
 */
export const receiptFigures = z
  .object({
    receipt_no: z.string().max(40),
    order_no: z.string().max(40),
    institution: z.string().max(200),
    institution_en: z.string().max(200),
    account_name: z.string().max(200),
    account_no: z.string().max(100),
    bank: z.string().max(200),
    swift: z.string().max(40),
    amount: z.string().max(40),
    currency: z.string().max(8),
    rate: z.string().max(40).nullable(),
    markup: z.string().max(40).nullable(),
    cny_due: z.string().max(40).nullable(),
    cny_received: z.string().max(40),
    received_at: z.string().max(40).nullable(),
    status: z.number().int(),
    remitted_at: z.string().max(40).nullable(),
    bank_reference: z.string().max(100).nullable(),
    payer_initials: z.string().max(20),
    issued_at: z.string().max(40),
  })
  .meta({ id: 'ReceiptFigures' });
export type ReceiptFigures = z.infer<typeof receiptFigures>;

/** What names the state a receipt is for: its figures without the number and the time it was issued. */
export type ReceiptState = Omit<ReceiptFigures, 'receipt_no' | 'issued_at'>;

/** The status whose receipt also gives the remittance date (the money was sent on). */
export const REMITTED_STATUS = 7;

/**
 * A person's initials, Latin letters only ("Zhang San" → "Z. S."): the public check shows these,
 * so even a two-character Chinese name is not given back (the caller passes its pinyin).
 */
export function initialsOf(...parts: readonly string[]): string {
  return parts
    .flatMap((part) => part.trim().split(/\s+/))
    .map((word) => word.charAt(0).toUpperCase())
    .filter((letter) => /^[A-Z]$/.test(letter))
    .map((letter) => `${letter}.`)
    .join(' ');
}

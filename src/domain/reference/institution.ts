import { z } from 'zod';
import { issueMessage } from '../messages/message.js';
import { isPayeeCurrency, type PayeeCurrency } from '../money.js';
import { optionalText, requiredText, rowIdField } from '../validation/fields.js';

/** A recipient institution as the back office edits it (SPEC.md section 3 "Resource"). */
export interface InstitutionRecord {
  readonly name: string;
  readonly name_en: string;
  readonly code: string;
  readonly currency: PayeeCurrency;
  readonly country: string;
  readonly account_no: string;
  readonly account_name: string;
  readonly account_address: string;
  readonly account_bank: string;
  readonly swift: string;
  /** ABA routing code (USD) or BSB (AUD); empty where the currency has none. */
  readonly transit_code: string;
  /** The bank branch (JPY accounts). */
  readonly bank_branches: string;
  /** Step 2 takes these account details instead of what the payer types. */
  readonly preset_account: boolean;
}

/** SWIFT/BIC: 4 letters bank, 2 letters country, 2 letters or digits location, optional 3 branch. */
export const isSwift = (value: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);

/** What reads as an IBAN (country letters and check digits first); other account numbers are free text. */
export const looksLikeIban = (value: string): boolean => /^[A-Z]{2}\d{2}[A-Z0-9 ]{10,}$/.test(value.toUpperCase());

/** ISO 13616 check: move the first four characters to the end, letters to 10..35, remainder mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const currencyField = z
  .string({ error: issueMessage('reference.currencyUnsupported') })
  .trim()
  .toUpperCase()
  .refine(isPayeeCurrency, issueMessage('reference.currencyUnsupported'));

const swiftField = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s/g, '').toUpperCase() : value),
  requiredText(11).pipe(z.string().refine(isSwift, issueMessage('validation.swift'))),
);

const accountNoField = requiredText(64).pipe(
  z.string().refine((value) => !looksLikeIban(value) || isValidIban(value), issueMessage('reference.ibanInvalid')),
);

export const institutionRecordSchema = z.object({
  name: requiredText(120),
  name_en: optionalText(160),
  code: optionalText(40),
  currency: currencyField,
  country: requiredText(80),
  account_no: accountNoField,
  account_name: requiredText(160),
  account_address: optionalText(255),
  account_bank: requiredText(160),
  swift: swiftField,
  transit_code: optionalText(32),
  bank_branches: optionalText(200),
  preset_account: z.boolean().default(false),
});

/** updateResource's body: no id adds an institution, an id edits that one. */
export const updateResourcePayload = z.object({
  record: institutionRecordSchema.extend({ id: rowIdField.optional() }),
});

export const sameInstitution = (a: InstitutionRecord, b: InstitutionRecord): boolean =>
  (Object.keys(a) as (keyof InstitutionRecord)[]).every((key) => a[key] === b[key]);

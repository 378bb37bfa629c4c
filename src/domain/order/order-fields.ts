import type { PayerDetails, RecipientAccount } from './order-data.js';

/**
 * The order's fields in SPEC.md section 3's names and order, in the groups the steps fill in: one
 * list that the view's columns, the admin's detail and the personal-data rules all read.
 */

/** Step 2: the recipient's account. */
export const ACCOUNT_FIELDS = [
  'accept_account_name',
  'accept_account_no',
  'accept_bank',
  'accept_address',
  'accept_swift',
  'accept_reference',
  'accept_remittance',
  'transit_code',
  'bank_branches',
] as const satisfies readonly (keyof RecipientAccount)[];

/** Step 3: the patient (or student). */
export const STUDENT_FIELDS = [
  'student_last_name',
  'student_first_name',
  'student_last_name_pinyin',
  'student_first_name_pinyin',
  'student_email',
  'student_idcode',
] as const satisfies readonly (keyof PayerDetails)[];

/** Step 3: the payer's names and numbers (not the relation or the code, which name no one). */
export const PAYER_PERSON_FIELDS = [
  'payer_last_name',
  'payer_first_name',
  'payer_phone',
  'payer_idcode',
] as const satisfies readonly (keyof PayerDetails)[];

/** Step 3: the payer. */
export const PAYER_FIELDS = [
  'payer_relation',
  'payer_last_name',
  'payer_first_name',
  'payer_code',
  'payer_phone',
  'payer_idcode',
] as const satisfies readonly (keyof PayerDetails)[];

/** What the payer fills in, account to payer, as shown and stored. */
export const FILLED_IN_FIELDS = [...ACCOUNT_FIELDS, ...STUDENT_FIELDS, ...PAYER_FIELDS] as const;

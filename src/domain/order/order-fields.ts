import type { PayerDetails, RecipientAccount } from './order-data.js';

/**
 * The fields a payer fills in, in SPEC.md section 3's names and order, each with the part of the
 * order it belongs to: step 2's recipient account, then step 3's patient (or student) and payer.
 * One table that the view's columns, the admin's detail and the personal-data rules all read.
 */
const FILLED_IN = {
  accept_account_name: 'account',
  accept_account_no: 'account',
  accept_bank: 'account',
  accept_address: 'account',
  accept_swift: 'account',
  accept_reference: 'account',
  accept_remittance: 'account',
  transit_code: 'account',
  bank_branches: 'account',
  student_last_name: 'patient',
  student_first_name: 'patient',
  student_last_name_pinyin: 'patient',
  student_first_name_pinyin: 'patient',
  student_email: 'patient',
  student_idcode: 'patient',
  payer_relation: 'payer',
  payer_last_name: 'payer',
  payer_first_name: 'payer',
  payer_code: 'payer',
  payer_phone: 'payer',
  payer_idcode: 'payer',
} as const;

type FilledIn = typeof FILLED_IN;
type FieldIn<Part> = { [Field in keyof FilledIn]: FilledIn[Field] extends Part ? Field : never }[keyof FilledIn];

/** Every field the payer fills in, account to payer, as shown and stored. */
export const FILLED_IN_FIELDS = Object.keys(FILLED_IN) as (keyof FilledIn)[];

const fieldsIn = <Part extends FilledIn[keyof FilledIn]>(part: Part): FieldIn<Part>[] =>
  FILLED_IN_FIELDS.filter((field): field is FieldIn<Part> => FILLED_IN[field] === part);

export const ACCOUNT_FIELDS = fieldsIn('account') satisfies readonly (keyof RecipientAccount)[];
export const STUDENT_FIELDS = fieldsIn('patient') satisfies readonly (keyof PayerDetails)[];
export const PAYER_FIELDS = fieldsIn('payer') satisfies readonly (keyof PayerDetails)[];

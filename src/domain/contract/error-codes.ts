import { REFUSAL_REASONS, type RefusalReason } from '../order/refusal.js';

/** Why an uploaded ZIP archive is refused (src/api/documents/zip-inspection.ts decides). */
export const ZIP_REFUSAL_REASONS = [
  'nested_archive',
  'executable',
  'unsupported_entry',
  'unsafe_name',
  'encrypted',
  'too_large',
  'ratio',
  'too_many_entries',
  'too_slow',
  'empty',
  'unreadable',
] as const;
export type ZipRefusalReason = (typeof ZIP_REFUSAL_REASONS)[number];

interface CodeEntry {
  /** The HTTP status the code comes with. */
  readonly status: number;
  readonly about: string;
}

/**
 * The codes of failures that are not order refusals or refused archives. `bad_request` stands for
 * any other request Fastify itself refuses; it keeps Fastify's 4xx status.
 */
const FIXED_CODES = {
  validation_failed: { status: 422, about: 'A field is missing or invalid; `errors` names each field with its messages.' },
  bad_request: { status: 400, about: 'The request cannot be read (any other 4xx refusal of the HTTP layer keeps its own status).' },
  empty_body: { status: 400, about: 'A JSON request without a body.' },
  invalid_json: { status: 400, about: 'The body is not valid JSON.' },
  invalid_content_length: { status: 400, about: 'Content-Length does not match the body.' },
  unsupported_media_type: { status: 415, about: 'The Content-Type is not one the route reads.' },
  payload_too_large: { status: 413, about: 'The body is larger than the route takes.' },
  not_found: { status: 404, about: 'No such path.' },
  unauthorized: { status: 401, about: 'No valid bearer token: log in (again).' },
  forbidden: { status: 403, about: 'Signed in, but not allowed to do this.' },
  rate_limited: { status: 429, about: 'Too many requests; see Retry-After.' },
  wrong_credentials: { status: 422, about: 'Unknown email or wrong password (which one is not said).' },
  email_taken: { status: 422, about: 'The email already has an account.' },
  password_mismatch: { status: 422, about: 'Password and confirmation differ.' },
  reset_link_invalid: { status: 422, about: 'The password reset link is unknown, used or expired.' },
  wechat_login_failed: { status: 422, about: 'WeChat did not accept the login code.' },
  wechat_unavailable: { status: 503, about: 'WeChat cannot be reached; try again.' },
  password_too_weak: {
    status: 422,
    about: 'The new password is too short for the account (payers 10, staff 12 characters) or on the list of common passwords.',
  },
  mfa_enrolment_required: {
    status: 403,
    about: 'Production: a staff session without a second factor may only enrol one, check who is signed in and log out.',
  },
  mfa_token_invalid: { status: 422, about: 'The mfa_token of the second sign-in step is unknown or older than 5 minutes: log in again.' },
  mfa_code_invalid: { status: 422, about: 'A wrong, used or replayed TOTP or recovery code, or a TOTP code while none is confirmed.' },
  mfa_not_set_up: { status: 409, about: 'totp/confirm before totp/setup.' },
  mfa_already_enrolled: { status: 409, about: 'totp/setup when an authenticator app is already confirmed.' },
  passkey_failed: {
    status: 422,
    about: 'A passkey registration or assertion that does not verify, or whose challenge is unknown, used or expired.',
  },
  order_not_found: { status: 404, about: 'No such order, or not yours (the two are answered alike).' },
  order_processing: { status: 503, about: 'The order was just stored and is not readable yet; try again.' },
  order_changed: { status: 409, about: 'The order changed meanwhile; reload it and try again.' },
  resource_not_found: { status: 404, about: 'No such recipient institution.' },
  unsupported_currency: { status: 422, about: 'The currency is not one the product pays in.' },
  resource_change_not_allowed: { status: 422, about: 'A draft cannot move to another institution; create a new order.' },
  idempotency_key_reused: { status: 409, about: 'The Idempotency-Key was used for a different order.' },
  no_money_received: { status: 409, about: 'A receipt is issued only once money for the order has been received.' },
  order_not_payable: { status: 409, about: 'The order does not wait for money now (the message says why).' },
  payment_deadline_passed: { status: 409, about: 'The payment deadline has passed.' },
  payment_gateway_unavailable: { status: 502, about: 'The payment provider cannot be reached; try again.' },
  file_too_large: { status: 413, about: 'A file is larger than 15 MB.' },
  too_many_files: { status: 413, about: 'More than 80 files in one upload.' },
  too_many_parts: { status: 413, about: 'Too many fields or parts in one upload.' },
  not_multipart: { status: 406, about: 'An upload must be multipart/form-data.' },
  malformed_multipart: { status: 400, about: 'The multipart body cannot be read (no boundary, cut short, …).' },
  no_file: { status: 422, about: 'An upload without a file.' },
  unsupported_file_type: { status: 422, about: 'A file that is not PDF, JPG, PNG or ZIP (judged by its content).' },
  upload_link_inactive: { status: 404, about: 'The public upload link is unknown or switched off.' },
  file_not_found: { status: 404, about: 'No such file, or not yours to download.' },
  invalid_signature: { status: 401, about: 'A webhook whose signature is wrong or older than 5 minutes.' },
  invalid_webhook_payload: { status: 422, about: 'A signed webhook whose body is not a valid notification.' },
  webhook_in_progress: { status: 503, about: 'The same webhook is being handled right now; retry later.' },
  service_unavailable: { status: 503, about: 'The database or event store is unreachable or behind; see Retry-After.' },
  internal_error: { status: 500, about: 'An unexpected failure (its details are logged, never sent).' },
  status_not_settable: { status: 409, about: 'The back office cannot set this status on the order now (the message names both).' },
  last_admin: { status: 409, about: 'The last administrator cannot leave the admin role.' },
  user_not_found: { status: 404, about: 'No such user.' },
  invalid_cursor: { status: 400, about: 'A next_page_url cursor that this server did not make.' },
  order_kind_mismatch: { status: 404, about: 'A partner-order call about an ordinary order, or the other way round.' },
  partner_order_conflict: { status: 409, about: 'A partner order with this gic_order_id exists with other details.' },
  approval_not_found: { status: 404, about: 'No proposal with this id.' },
  approval_decided: { status: 409, about: 'The proposal was approved or rejected already.' },
  approval_own_proposal: { status: 403, about: 'The proposer of a change cannot approve it: a second admin must.' },
  approval_stale: { status: 409, about: 'What the proposal changes moved on after it was proposed; reject it and propose again.' },
  payee_account_changed: {
    status: 409,
    about:
      "The institution's payee account changed since step 2 recorded it: save step 2 again (it records the account in force) before confirming.",
  },
  partner_currency_mismatch: { status: 422, about: "A partner order's target currency is not the institution's currency." },
  partner_rate_out_of_band: {
    status: 422,
    about: "A partner's gic_rate strays further from the market rate than PARTNER_RATE_BAND allows.",
  },
  audit_point_not_found: { status: 404, about: 'An as-of question before the order existed or past its last revision.' },
  audit_stream_not_found: { status: 404, about: 'A history of a stream (order, markups, notice, institution) that has no events.' },
  erase_refused: { status: 409, about: 'Staff accounts are not erased; make the user a payer first.' },
  personal_data_erased: { status: 409, about: "The order's payer was erased: no reference, file name or note is stored for it any more." },
  inbound_not_found: { status: 404, about: 'No such inbound record.' },
  goods_not_found: { status: 404, about: 'No such goods row.' },
  outbound_not_found: { status: 404, about: 'No such outbound record.' },
  inbound_invalid: { status: 409, about: 'The inbound record has been made invalid: nothing more is received against it.' },
  stock_insufficient: { status: 409, about: 'A shipment of more pieces than the goods row holds; the message names the stock.' },
  inbound_has_stock: { status: 409, about: 'An inbound record whose goods are still in stock cannot be made invalid.' },
  statement_refused: {
    status: 422,
    about:
      'A statement file that is not a CAMT.053 or CSV statement, or has an entry that cannot be read (the message names the problem and where): nothing was written.',
  },
  statement_too_large: { status: 413, about: 'A statement file larger than 20 MB: nothing was written.' },
  entry_not_found: { status: 404, about: 'No statement entry with this reference.' },
  entry_not_unmatched: {
    status: 409,
    about: 'The statement entry is matched or returned already: only an unmatched entry is returned or matched by hand.',
  },
  order_refused: {
    status: 422,
    about: 'A webhook answer stored before refusals had codes, replayed as it was (its status is the stored one).',
  },
} as const satisfies Readonly<Record<string, CodeEntry>>;

type FixedCode = keyof typeof FIXED_CODES;

/** Refusals that already have a code: a stranger's order is answered exactly as a missing one. */
const REFUSAL_ALIASES = {
  no_order: 'order_not_found',
  not_owner: 'order_not_found',
  upload_link_inactive: 'upload_link_inactive',
} as const satisfies Partial<Record<RefusalReason, FixedCode>>;
type AliasedRefusal = keyof typeof REFUSAL_ALIASES;

export type OrderRefusalCode = `order_refused.${Exclude<RefusalReason, AliasedRefusal>}`;
export type ZipRefusalCode = `zip_refused.${ZipRefusalReason}`;

/**
 * The stable, machine-readable `code` of every error body (DESIGN.md section 5): snake_case, and
 * `family.reason` for the two families with reasons of their own (the order's refusals and refused
 * archives). Clients decide on the code; `message` is for people and follows Accept-Language.
 */
export type ErrorCode = FixedCode | OrderRefusalCode | ZipRefusalCode;

/** HTTP statuses of order refusals; any other refusal is 422. */
const REFUSAL_STATUS: Partial<Record<RefusalReason, number>> = {
  actor_not_allowed: 403,
  not_allowed_in_status: 409,
  final_status: 409,
  order_exists: 409,
  payment_already_recorded: 409,
  deadline_passed: 409,
  upload_link_unchanged: 409,
  rule_failed: 409,
  confirmed_by_provider: 409,
  transfer_account_missing: 503,
  scan_above_limit: 422,
  quote_changed: 409,
  funds_missing: 409,
  refund_exceeds_balance: 409,
  refund_already_recorded: 409,
  refund_incomplete: 409,
  refund_outstanding: 409,
};

const isAliased = (reason: RefusalReason): reason is AliasedRefusal => Object.hasOwn(REFUSAL_ALIASES, reason);

export const refusalCode = (reason: RefusalReason): ErrorCode => (isAliased(reason) ? REFUSAL_ALIASES[reason] : `order_refused.${reason}`);

export const zipRefusalCode = (reason: ZipRefusalReason): ZipRefusalCode => `zip_refused.${reason}`;

const REFUSAL_CODES = REFUSAL_REASONS.filter((reason) => !isAliased(reason)).map((reason) => refusalCode(reason));

/** Every code, for the error body's schema (and so the OpenAPI document lists them). */
export const ERROR_CODES = [
  ...(Object.keys(FIXED_CODES) as FixedCode[]),
  ...REFUSAL_CODES,
  ...ZIP_REFUSAL_REASONS.map(zipRefusalCode),
] as const satisfies readonly ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);

const reasonOf = (code: OrderRefusalCode): RefusalReason => code.slice('order_refused.'.length) as RefusalReason;

/** The HTTP status a code comes with. */
export function errorStatus(code: ErrorCode): number {
  if (code.startsWith('zip_refused.')) return 422;
  if (code.startsWith('order_refused.')) return REFUSAL_STATUS[reasonOf(code as OrderRefusalCode)] ?? 422;
  return FIXED_CODES[code as FixedCode].status;
}

/** What a code means, for people reading the API's documentation. */
export function errorCodeAbout(code: ErrorCode): string {
  if (code.startsWith('zip_refused.')) return 'An uploaded ZIP archive was refused for this reason; nothing was kept.';
  if (code.startsWith('order_refused.')) return 'The order refused the command for this reason; nothing was written.';
  return FIXED_CODES[code as FixedCode].about;
}

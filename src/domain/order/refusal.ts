import type { OrderCommandType } from './commands.js';
import type { Status } from './status.js';

/** Why the order refuses a command (each has its text in messages/refusal-texts.ts and its API code in contract/error-codes.ts). */
export const REFUSAL_REASONS = [
  'not_allowed_in_status',
  'final_status',
  'no_order',
  'order_exists',
  'actor_not_allowed',
  'not_owner',
  'institution_missing',
  'amount_invalid',
  'unknown_currency',
  'amount_too_many_decimals',
  'amount_below_minimum',
  'amount_above_maximum',
  'details_incomplete',
  'no_files',
  'unknown_file',
  'invalid_file',
  'invalid_payment_method',
  'invalid_payment_amount',
  'payment_already_recorded',
  'invalid_price',
  'invalid_partner_order',
  'invalid_status',
  'deadline_not_reached',
  'deadline_passed',
  'upload_link_inactive',
  'upload_link_unchanged',
  'invalid_token',
  'unchanged',
  'rule_failed',
  'confirmed_by_provider',
  'transfer_account_missing',
  'scan_above_limit',
  'quote_changed',
  'funds_missing',
  'refund_exceeds_balance',
  'refund_already_recorded',
  'refund_incomplete',
  'refund_outstanding',
  'invalid_refund',
  'invalid_credit',
  'invalid_message',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * A command the order cannot take. It names the command and the status it met, and says why;
 * no event was produced.
 */
export class OrderCommandRefused extends Error {
  override readonly name = 'OrderCommandRefused';
  constructor(
    readonly command: OrderCommandType,
    readonly status: Status | null,
    readonly reason: RefusalReason,
    readonly details: Readonly<Record<string, string | readonly string[]>> = {},
  ) {
    super(`${command} refused in status ${status ?? 'none'}: ${reason}`);
  }
}

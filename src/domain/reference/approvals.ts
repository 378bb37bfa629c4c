import { z } from 'zod';
import { mayDo, PERMISSIONS, roleOfGroup, type Group, type Permission } from '../access/roles.js';
import { requiredText } from '../validation/fields.js';
import type { InstitutionRecord } from './institution.js';
import { MARKUP_FIELDS, type Markups } from './markups.js';

/**
 * Four eyes (DESIGN.md section 12): a change that moves money or opens access is a proposal until
 * a second admin approves it. What a proposal holds, and which changes need one, is decided here.
 */
export type ProposedChange =
  | {
      readonly kind: 'institution';
      readonly institution_id: number;
      readonly before: InstitutionRecord | null;
      readonly after: InstitutionRecord;
    }
  | { readonly kind: 'markups'; readonly before: Markups; readonly after: Markups }
  | { readonly kind: 'user_group'; readonly user_id: number; readonly before: number; readonly after: Group }
  | OrderMoneyChange;

/**
 * Money an order gives back or takes by a person's word (DESIGN.md sections 10 and 12): a refund
 * above REFUND_APPROVAL_CNY, and a statement entry matched to an order by hand. The order decides
 * again when it is approved, so a proposal the order no longer allows changes nothing.
 */
export type OrderMoneyChange =
  | {
      readonly kind: 'refund';
      readonly order_id: string;
      readonly order_no: string;
      readonly amount_cny: string;
      readonly reference: string;
      readonly reason: string;
    }
  | {
      readonly kind: 'credit_assignment';
      readonly order_id: string;
      readonly order_no: string;
      readonly entry_ref: string;
      readonly booking_date: string;
      readonly amount_cny: string;
      readonly payer_name: string;
      readonly payer_account: string;
      readonly reason: string;
    };

export const isOrderMoneyChange = (change: ProposedChange): change is OrderMoneyChange =>
  change.kind === 'refund' || change.kind === 'credit_assignment';

export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** Where the money goes: the fields of an institution's payee account, and whether step 2 takes it. */
export const PAYEE_ACCOUNT_FIELDS = [
  'account_name',
  'account_no',
  'account_bank',
  'account_address',
  'swift',
  'transit_code',
  'bank_branches',
  'preset_account',
] as const satisfies readonly (keyof InstitutionRecord)[];

const hasAccount = (record: InstitutionRecord): boolean =>
  PAYEE_ACCOUNT_FIELDS.some((field) => record[field] !== '' && record[field] !== false);

/** A new institution with an account, or a changed payee account: payers' money would go there. */
export function institutionChangeNeedsApproval(before: InstitutionRecord | null, after: InstitutionRecord): boolean {
  if (before === null) return hasAccount(after);
  return PAYEE_ACCOUNT_FIELDS.some((field) => before[field] !== after[field]);
}

/**
 * Being a payer opens nothing of anyone else's, and enrolling a second factor only guards one's
 * own sign-in: neither is a privilege to grant.
 */
const PRIVILEGES: readonly Permission[] = PERMISSIONS.filter((permission) => permission !== 'orders.own' && permission !== 'factors.enrol');

/** A role change that gives the user something they could not do before; taking access away needs no second person. */
export function isRoleGrant(before: number, after: number): boolean {
  const from = roleOfGroup(before);
  const to = roleOfGroup(after);
  return PRIVILEGES.some((permission) => mayDo(to, permission) && !mayDo(from, permission));
}

/** The fields a proposal changes, before and after, as text: what the approver reads. */
export function proposedFieldChanges(change: ProposedChange): { field: string; before: string; after: string }[] {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- reference fields hold strings, numbers and booleans
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const diff = (fields: readonly string[], before: Record<string, unknown> | null, after: Record<string, unknown>) =>
    fields
      .filter((field) => text(before?.[field]) !== text(after[field]))
      .map((field) => ({ field, before: text(before?.[field]), after: text(after[field]) }));
  switch (change.kind) {
    case 'institution':
      return diff(
        Object.keys(change.after),
        change.before as Record<string, unknown> | null,
        change.after as unknown as Record<string, unknown>,
      );
    case 'markups':
      return diff(MARKUP_FIELDS, change.before, change.after);
    case 'user_group':
      return [{ field: 'group', before: String(change.before), after: String(change.after) }];
    case 'refund':
      return diff(['order_no', 'amount_cny', 'reference', 'reason'], null, change);
    case 'credit_assignment':
      return diff(['order_no', 'entry_ref', 'booking_date', 'amount_cny', 'payer_name', 'reason'], null, change);
  }
}

export const approvalStateRequest = z.object({ state: z.enum(APPROVAL_STATES).default('pending') });
export const approvalIdPayload = z.object({ id: z.string().trim().uuid() });
export const REJECTION_REASON_MAX = 500;
export const rejectApprovalPayload = approvalIdPayload.extend({ reason: requiredText(REJECTION_REASON_MAX) });

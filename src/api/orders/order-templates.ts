import type { Db, OrderRow } from '../../database/schema.js';
import {
  ACCOUNT_FIELDS,
  ERASED,
  FREE_TEXT_REFERENCE_FIELDS,
  PAYER_FIELDS,
  PERSONAL_PAYER_FIELDS,
  STUDENT_FIELDS,
  type OrderTemplate,
  type TemplateAccount,
  type TemplatePayer,
} from '../../domain/index.js';

/** At most this many templates are offered: the payer picks from a short list, newest first. */
export const MAX_TEMPLATES = 10;
/** Earlier orders read to find them (some offer nothing: no details given, another institution). */
const ORDERS_READ = 50;

/** A reference names one bill: it is not carried over to another payment. */
const TEMPLATE_ACCOUNT_FIELDS = ACCOUNT_FIELDS.filter(
  (field) => !(FREE_TEXT_REFERENCE_FIELDS as readonly string[]).includes(field),
) as (keyof TemplateAccount)[];
const TEMPLATE_PAYER_FIELDS = [...STUDENT_FIELDS, ...PAYER_FIELDS] as (keyof TemplatePayer)[];

const TEMPLATE_COLUMNS = [
  'id',
  'order_no',
  'created_at',
  'resource',
  'resource_name',
  ...TEMPLATE_ACCOUNT_FIELDS,
  ...TEMPLATE_PAYER_FIELDS,
] as const;
type TemplateRow = Pick<OrderRow, (typeof TEMPLATE_COLUMNS)[number]>;

/** The owner's other orders, newest first. */
export const earlierOrders = (db: Db, ownerId: number, exceptId: string): Promise<TemplateRow[]> =>
  db
    .selectFrom('orders')
    .select(TEMPLATE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '!=', exceptId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(ORDERS_READ)
    .execute();

/** An erased person's value is not offered: whoever fills the form types it anew. */
const offered = (value: string): string => (value === ERASED ? '' : value);

function accountOf(row: TemplateRow): TemplateAccount | null {
  if (row.accept_account_no === '') return null;
  return Object.fromEntries(TEMPLATE_ACCOUNT_FIELDS.map((field) => [field, row[field]])) as TemplateAccount;
}

function payerOf(row: TemplateRow): TemplatePayer | null {
  const payer = Object.fromEntries(TEMPLATE_PAYER_FIELDS.map((field) => [field, offered(row[field])])) as TemplatePayer;
  // Nothing personal left (step 3 not taken, or its person erased): relation and country code alone fill nothing.
  return PERSONAL_PAYER_FIELDS.some((field) => payer[field] !== '') ? payer : null;
}

export interface TemplateTarget {
  /** The institution of the order being filled: only its own account is offered. */
  readonly resource: string;
  /** Its account is preset: step 2 has nothing to fill. */
  readonly presetAccount: boolean;
}

/** What each earlier order offers for the order being filled; orders that offer nothing are left out. */
export function templatesFrom(rows: readonly TemplateRow[], target: TemplateTarget, englishNames: Map<string, string>): OrderTemplate[] {
  return rows
    .map((row) => ({
      id: row.id,
      order_no: row.order_no,
      resource_name: row.resource_name,
      resource_name_en: englishNames.get(row.resource) ?? '',
      created_at: row.created_at.toISOString(),
      account: row.resource === target.resource && !target.presetAccount ? accountOf(row) : null,
      payer: payerOf(row),
    }))
    .filter((template) => template.account !== null || template.payer !== null)
    .slice(0, MAX_TEMPLATES);
}

import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB, OrderRow } from '../../database/schema.js';
import {
  amountInMinorUnits,
  excessMoney,
  subtractMoney,
  FILLED_IN_FIELDS,
  FREE_TEXT_REFERENCE_FIELDS,
  groupMayDo,
  message,
  normalizeAmount,
  orderStreamId,
  PERSONAL_PARTNER_FIELDS,
  PERSONAL_PAYER_FIELDS,
  type OrderView,
  type PartnerDetails,
} from '../../domain/index.js';
import { maskValue } from '../audit/changes.js';
import { ProjectionLagError } from '../../projections/projection-runner.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { preparedQuery } from '../../../eventstore/postgres/index.js';
import { HttpError, notFound } from '../http/errors.js';

/** The columns an order's view is made of: not its machine state, revision or partner details (a read need not fetch them). */
export const VIEW_COLUMNS = [
  'id',
  'status',
  'amount',
  'currency',
  'cny_amount',
  'reserved_amount_rate',
  'deadline_date',
  'created_at',
  'resource',
  'resource_name',
  'order_no',
  'owner_id',
  'bank',
  'zl_order',
  'active_upload_document',
  'upload_document_token',
  'jsfile',
  ...FILLED_IN_FIELDS,
  'reserve_name',
  'reserve_bank',
  'reserve_account_no',
  'reserve_postscript',
  'paid_cny',
  'overpaid_cny',
  'refunded_cny',
  'materials_note',
] as const satisfies readonly (keyof OrderRow)[];
export type OrderViewRow = Pick<OrderRow, (typeof VIEW_COLUMNS)[number]>;

/** An order in the field names of SPEC.md section 3 (contract/order.ts). Internal columns (state, revision) stay inside. */
export function toOrderView(row: OrderViewRow, email: string | null, resourceNameEn = ''): OrderView {
  return {
    id: row.id,
    order_no: row.order_no,
    status: row.status,
    // numeric(18, 2) holds every currency; JPY has no minor units and is shown without them.
    amount: amountInMinorUnits(row.amount, row.currency),
    currency: row.currency,
    cny_amount: row.cny_amount,
    // numeric(30, 12) pads with zeros; the rate is shown as the decimal it is.
    reserved_amount_rate: row.reserved_amount_rate === null ? null : normalizeAmount(row.reserved_amount_rate),
    deadline_date: row.deadline_date?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    resource: row.resource,
    resource_name: row.resource_name,
    resource_name_en: resourceNameEn,
    user: { id: row.owner_id, email },
    bank: row.bank,
    zl_order: row.zl_order,
    active_upload_document: row.active_upload_document,
    upload_document_token: row.active_upload_document ? row.upload_document_token : null,
    jsfile: row.jsfile,
    accept_account_name: row.accept_account_name,
    accept_account_no: row.accept_account_no,
    accept_bank: row.accept_bank,
    accept_address: row.accept_address,
    accept_swift: row.accept_swift,
    accept_reference: row.accept_reference,
    accept_remittance: row.accept_remittance,
    transit_code: row.transit_code,
    bank_branches: row.bank_branches,
    student_last_name: row.student_last_name,
    student_first_name: row.student_first_name,
    student_last_name_pinyin: row.student_last_name_pinyin,
    student_first_name_pinyin: row.student_first_name_pinyin,
    student_email: row.student_email,
    student_idcode: row.student_idcode,
    payer_relation: row.payer_relation,
    payer_last_name: row.payer_last_name,
    payer_first_name: row.payer_first_name,
    payer_code: row.payer_code,
    payer_phone: row.payer_phone,
    payer_idcode: row.payer_idcode,
    reserve_name: row.reserve_name,
    reserve_bank: row.reserve_bank,
    reserve_account_no: row.reserve_account_no,
    reserve_postscript: row.reserve_postscript,
    paid_cny: row.paid_cny,
    overpaid_cny: row.overpaid_cny,
    outstanding_cny: excessMoney(row.cny_amount ?? '0', subtractMoney(row.paid_cny, row.refunded_cny)),
    materials_note: row.materials_note,
  };
}
type VisibleOrderDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'users'>;

/**
 * The order if this user may see it (its owner, an admin or an auditor); 404 for anyone else, as for no order.
 * An order whose events are stored but whose row is not written yet (a create answered 202) is
 * waited for, so the client's next step does not hear "no such order" about an order it was given.
 */
async function findVisible<Row extends { readonly owner_id: number }>(
  deps: VisibleOrderDeps,
  orderId: string,
  user: AuthUser,
  read: () => Promise<Row | undefined>,
): Promise<{ row: Row; email: string | null }> {
  let found = await read();
  if (!found && (await deps.eventStore.readStream(orderStreamId(orderId), { maxCount: 1 })).length > 0) {
    await deps.projections.waitFor(orderId, 0n).catch((error: unknown) => {
      throw error instanceof ProjectionLagError ? new HttpError('order_processing', message('order.processing')) : error;
    });
    found = await read();
  }
  // Owners read their own; the roles that read every order (admins, auditors) read any; no one else learns it exists.
  if (!found || (found.owner_id !== user.id && !groupMayDo(user.group, 'orders.read'))) throw notFound();
  // The owner's email: the caller's own, or (for an admin) from the user cache, not a join per read.
  const email = found.owner_id === user.id ? user.email : ((await deps.users.find(found.owner_id))?.email ?? null);
  return { row: found, email };
}

/** The whole row (its machine state and revision too: a step decides on them). */
export const findVisibleOrder = (deps: VisibleOrderDeps, orderId: string, user: AuthUser) =>
  findVisible(deps, orderId, user, async () => (await deps.db.executeQuery(rowSelect(deps.db, orderId))).rows[0]);

/**
 * Every column of `orders`, by name rather than `*`: the row's select is prepared, and a prepared
 * `select *` fails ("cached plan must not change result type") once a newer server's migration
 * adds a column.
 */
const ORDER_ROW_COLUMNS = [
  ...['id', 'kind', 'owner_id', 'status', 'amount', 'currency', 'cny_amount', 'reserved_amount_rate', 'rate', 'markup'],
  ...['deadline_date', 'resource', 'resource_name', 'order_no', 'bank', 'zl_order', 'active_upload_document'],
  ...['upload_document_token', 'jsfile', 'accept_account_name', 'accept_account_no', 'accept_bank', 'accept_address'],
  ...['accept_swift', 'accept_reference', 'accept_remittance', 'transit_code', 'bank_branches', 'student_last_name'],
  ...['student_first_name', 'student_last_name_pinyin', 'student_first_name_pinyin', 'student_email', 'student_idcode'],
  ...['payer_relation', 'payer_last_name', 'payer_first_name', 'payer_code', 'payer_phone', 'payer_idcode', 'reserve_name'],
  ...['reserve_bank', 'reserve_account_no', 'reserve_postscript', 'paid_cny', 'overpaid_cny', 'refunded_cny', 'balance_cny'],
  ...['status_since', 'materials_note', 'awaits_reply', 'gic_order_id', 'partner', 'state', 'revision', 'created_at', 'updated_at'],
] as const;
/** The type checker's proof that ORDER_ROW_COLUMNS names every column (and nothing else). */
type Unlisted = Exclude<keyof OrderRow, (typeof ORDER_ROW_COLUMNS)[number]>;
const everyColumnListed: [Unlisted] extends [never] ? readonly (keyof OrderRow)[] : Unlisted = ORDER_ROW_COLUMNS;

/**
 * A by-id select compiled once per database, prepared by PostgreSQL once per connection
 * (preparedQuery); each read only binds the id. Compiling the view's forty-six columns cost more
 * than reading the row (19 µs a read).
 */
function byIdSelect<Row>(name: string, compile: (db: Kysely<DB>) => CompiledQuery<Row>) {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return (db: Kysely<DB>, orderId: string): CompiledQuery<Row> => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = preparedQuery(name, compile(db))));
    return { ...query, parameters: [orderId] };
  };
}

const rowSelect = byIdSelect<OrderRow>('order_row', (db) =>
  db.selectFrom('orders').select(everyColumnListed).where('id', '=', '').compile(),
);

type ViewColumn = (typeof VIEW_COLUMNS)[number];
type ViewColumnsOf<T> = { [K in ViewColumn]: OrderViewRow[K] extends T ? K : never }[ViewColumn];
/** The view's timestamps: JSON has no dates, so they travel as ISO strings and are made Dates again. */
const VIEW_DATE_COLUMNS = ['deadline_date', 'created_at'] as const satisfies readonly ViewColumnsOf<Date | null>[];
/** The view's numbers, booleans and JSON, which JSON carries as they are. */
const VIEW_JSON_COLUMNS = ['status', 'owner_id', 'bank', 'active_upload_document', 'jsfile'] as const;
type NotAString = Exclude<ViewColumn, ViewColumnsOf<string | null>>;
type Listed = (typeof VIEW_DATE_COLUMNS)[number] | (typeof VIEW_JSON_COLUMNS)[number];
/** The type checker's proof that the two lists name every view column that is not a string, and only those. */
type Mislisted = [Exclude<NotAString, Listed>, Exclude<Listed, NotAString>];
const nonStringsListed: Mislisted extends [never, never] ? readonly ViewColumn[] : Mislisted = [...VIEW_DATE_COLUMNS, ...VIEW_JSON_COLUMNS];
const sentAsIs = new Set<ViewColumn>(nonStringsListed);

type ViewJson = Omit<OrderViewRow, (typeof VIEW_DATE_COLUMNS)[number]> & Record<(typeof VIEW_DATE_COLUMNS)[number], string | null>;

/**
 * The view's columns as one JSON object built by PostgreSQL: pg parses a row description and
 * builds a parser per column on every execution, which for its 46 columns was a fifth of a find's
 * Node CPU; one json column is a single native JSON.parse. Every string column is sent as text, so
 * a numeric keeps its exact decimal digits (as JSON it would be a number). json_build_object takes
 * up to 100 arguments: 50 columns.
 */
const viewSelect = byIdSelect<{ view: ViewJson }>('order_view', (db) =>
  db
    .selectFrom('orders')
    .select(
      sql<ViewJson>`json_build_object(${sql.join(
        VIEW_COLUMNS.map((column) => sql`${sql.lit(column)}, ${sql.ref(column)}${sql.raw(sentAsIs.has(column) ? '' : '::text')}`),
      )})`.as('view'),
    )
    .where('id', '=', '')
    .compile(),
);

const viewRowOf = (view: ViewJson): OrderViewRow => {
  const row: Record<string, unknown> = { ...view };
  for (const column of VIEW_DATE_COLUMNS) row[column] = view[column] === null ? null : new Date(view[column]);
  return row as OrderViewRow;
};

/** The columns of the order's view only. */
export const findVisibleOrderView = (deps: VisibleOrderDeps, orderId: string, user: AuthUser) =>
  findVisible(deps, orderId, user, async () => {
    const found = (await deps.db.executeQuery(viewSelect(deps.db, orderId))).rows[0];
    return found && viewRowOf(found.view);
  });

/** An institution's English name, from the reference cache ('' for one that is gone). */
export const englishName = async (deps: Pick<AppDeps, 'reference'>, resourceId: string): Promise<string> =>
  (await deps.reference.resource(resourceId))?.name_en ?? '';

/** The institutions' English names: one lookup per institution, not per order. */
export async function englishNames(deps: Pick<AppDeps, 'reference'>, resourceIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(resourceIds)];
  return new Map(await Promise.all(unique.map(async (id) => [id, await englishName(deps, id)] as const)));
}

/** The personal fields and the free text a payer writes that may name a person (the references). */
const MASKED_VIEW_FIELDS = [...PERSONAL_PAYER_FIELDS, ...FREE_TEXT_REFERENCE_FIELDS] as const;

type PersonalParts = Partial<Record<(typeof MASKED_VIEW_FIELDS)[number], string>> & {
  readonly user: { readonly id: number; readonly email: string | null };
  readonly partner?: PartnerDetails | null;
  readonly upload_document_token?: string | null;
};

/**
 * What a reader without `personal.read` (an auditor) sees of an order (DESIGN.md section 8): that
 * a personal value is there, not what it is; the owner's email and the partner's names likewise;
 * and never the public upload link's token (whoever holds it may upload to the order).
 */
export function maskedPersonal<T extends PersonalParts>(view: T): T {
  const masked: Record<string, unknown> = { ...view, user: { ...view.user, email: maskValue(view.user.email) } };
  for (const field of MASKED_VIEW_FIELDS) if (typeof view[field] === 'string') masked[field] = maskValue(view[field]);
  if (view.partner)
    masked.partner = {
      ...view.partner,
      ...Object.fromEntries(PERSONAL_PARTNER_FIELDS.map((field) => [field, maskValue(view.partner![field])])),
    };
  if ('upload_document_token' in view) masked.upload_document_token = null;
  // The bank's note may name whose papers it wants.
  if (typeof masked['materials_note'] === 'string') masked['materials_note'] = maskValue(masked['materials_note']) ?? '';
  return masked as T;
}

/** The order as this reader may see it: in the clear for its owner and for roles with `personal.read`. */
export const orderSeenBy = <T extends PersonalParts>(reader: AuthUser, view: T): T =>
  view.user.id === reader.id || groupMayDo(reader.group, 'personal.read') ? view : maskedPersonal(view);

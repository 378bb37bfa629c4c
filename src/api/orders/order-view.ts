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
  findVisible(deps, orderId, user, () => readRow(deps.db, orderId));

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
 * How a column travels in the JSON object a by-id read asks of PostgreSQL: timestamps as ISO
 * strings, made Dates again; numbers, booleans and JSON as JSON has them; every other column (a
 * string) as text, so a numeric keeps its exact decimal digits (as JSON it would be a number).
 */
interface JsonShape<Column extends string> {
  readonly dates: readonly Column[];
  readonly asIs: readonly Column[];
}
type ColumnsOf<Row, T> = { [K in keyof Row]-?: Row[K] extends T ? K : never }[keyof Row];
type OtherNonStrings<Row> = Exclude<keyof Row, ColumnsOf<Row, string | null> | ColumnsOf<Row, Date | null>>;
/** What a shape gets wrong: unlisted or wrongly listed dates, unlisted or wrongly listed other non-strings (all never when right). */
type ShapeErrors<Row, Dates, AsIs> = [
  Exclude<ColumnsOf<Row, Date | null>, Dates>,
  Exclude<Dates, ColumnsOf<Row, Date | null>>,
  Exclude<OtherNonStrings<Row>, AsIs>,
  Exclude<AsIs, OtherNonStrings<Row>>,
];
/** The shape itself when the type checker finds it right for `Row`, otherwise what it gets wrong. */
type CheckedShape<Row, Dates extends string, AsIs extends string> =
  ShapeErrors<Row, Dates, AsIs> extends [never, never, never, never] ? JsonShape<keyof Row & string> : ShapeErrors<Row, Dates, AsIs>;

/**
 * A read of one order's `columns` by id, as one JSON object built by PostgreSQL (row_to_json): pg
 * parses a row description and builds a parser per column on every execution, which for the
 * view's 46 columns was a fifth of a find's Node CPU; one json column is one native JSON.parse.
 * The select is compiled once per database and prepared by PostgreSQL once per connection
 * (preparedQuery); each read only binds the id.
 */
function jsonRowRead<Row>(name: string, columns: readonly (keyof Row & string)[], shape: JsonShape<keyof Row & string>) {
  const sentAsIs = new Set<string>([...shape.dates, ...shape.asIs]);
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<{ row: Record<string, unknown> }>>();
  const compile = (db: Kysely<DB>) =>
    db
      .selectFrom(
        db
          .selectFrom('orders')
          .select(columns.map((column) => (sentAsIs.has(column) ? sql.ref(column) : sql`${sql.ref(column)}::text`).as(column)))
          .where('id', '=', '')
          .as('r'),
      )
      .select(sql<Record<string, unknown>>`row_to_json(r)`.as('row'))
      .compile();
  return async (db: Kysely<DB>, orderId: string): Promise<Row | undefined> => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = preparedQuery(name, compile(db))));
    const row = (await db.executeQuery<{ row: Record<string, unknown> }>({ ...query, parameters: [orderId] })).rows[0]?.row;
    if (!row) return undefined;
    for (const column of shape.dates) if (row[column] !== null) row[column] = new Date(row[column] as string);
    return row as Row;
  };
}

const ROW_DATE_COLUMNS = ['deadline_date', 'status_since', 'created_at', 'updated_at'] as const;
const ROW_AS_IS_COLUMNS = ['owner_id', 'status', 'bank', 'active_upload_document', 'awaits_reply', 'jsfile', 'partner', 'state'] as const;
const rowShape: CheckedShape<OrderRow, (typeof ROW_DATE_COLUMNS)[number], (typeof ROW_AS_IS_COLUMNS)[number]> = {
  dates: ROW_DATE_COLUMNS,
  asIs: ROW_AS_IS_COLUMNS,
};
const readRow = jsonRowRead<OrderRow>('order_row', everyColumnListed, rowShape);

const VIEW_DATE_COLUMNS = ['deadline_date', 'created_at'] as const;
const VIEW_AS_IS_COLUMNS = ['status', 'owner_id', 'bank', 'active_upload_document', 'jsfile'] as const;
const viewShape: CheckedShape<OrderViewRow, (typeof VIEW_DATE_COLUMNS)[number], (typeof VIEW_AS_IS_COLUMNS)[number]> = {
  dates: VIEW_DATE_COLUMNS,
  asIs: VIEW_AS_IS_COLUMNS,
};
const readView = jsonRowRead<OrderViewRow>('order_view', VIEW_COLUMNS, viewShape);

/** The columns of the order's view only. */
export const findVisibleOrderView = (deps: VisibleOrderDeps, orderId: string, user: AuthUser) =>
  findVisible(deps, orderId, user, () => readView(deps.db, orderId));

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

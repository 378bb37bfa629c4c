import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import {
  piecesDifference,
  type InboundRow,
  type OutboundGoodsRow,
  type StockGoodsRow,
  type WarehouseStatistic,
} from '../../domain/index.js';
import { likePrefix, PAGE_SIZE, type Cursor } from '../manage/paging.js';

/** The name of who recorded a row: the user's name, or the actor id for a service. */
const userName = (name: string | null, id: string) => ({ name: name ?? id });
const iso = (value: Date | string) => new Date(value).toISOString();

export async function warehouseStatistic(db: Kysely<DB>): Promise<WarehouseStatistic> {
  const row = await db
    .selectFrom('warehouse_goods')
    .select([
      sql<string>`coalesce(sum(total), 0)`.as('received'),
      sql<string>`coalesce(sum(shipped), 0)`.as('shipped'),
      sql<string>`coalesce(sum(stock), 0)`.as('stock'),
    ])
    .executeTakeFirstOrThrow();
  return { in_goods_number: Number(row.received), out_goods_number: Number(row.shipped), stock_goods_number: Number(row.stock) };
}

const goodsSelect = (db: Kysely<DB>) =>
  db
    .selectFrom('warehouse_goods as g')
    .leftJoin('users as u', (join) => join.on(sql`u.id::text`, '=', sql.ref('g.created_by')))
    .selectAll('g')
    .select('u.name as user_name');

type GoodsRow = Awaited<ReturnType<ReturnType<typeof goodsSelect>['executeTakeFirstOrThrow']>>;

export const toStockGoodsRow = (row: GoodsRow): StockGoodsRow => ({
  id: row.id,
  code: row.code,
  type: row.type,
  sku: row.sku,
  box_count: row.box_count,
  count: row.count,
  total: Number(row.total),
  shipped: Number(row.shipped),
  stock: Number(row.stock),
  ware_in: { id: row.in_id, code: row.in_code },
  user: userName(row.user_name, row.created_by),
  created_at: iso(row.created_at),
});

/** Goods received, newest first; `inStock` keeps those with pieces left. The keyword matches code, model, SKU or inbound code by prefix. */
export function goodsPageQuery(db: Kysely<DB>, keyword: string, inStock: boolean, after: Cursor | null) {
  let query = goodsSelect(db)
    .orderBy('g.id', 'desc')
    .limit(PAGE_SIZE + 1);
  if (inStock) query = query.where('g.stock', '>', '0');
  if (after) query = query.where('g.id', '<', Number(after.id));
  if (keyword !== '') {
    const pattern = likePrefix(keyword);
    query = query.where((eb) =>
      eb.or(['code', 'type', 'sku', 'in_code'].map((column) => eb(eb.fn('lower', [sql.ref(`g.${column}`)]), 'like', pattern))),
    );
  }
  return query;
}

export const goodsById = (db: Kysely<DB>, id: number) => goodsSelect(db).where('g.id', '=', id).executeTakeFirst();
export const goodsOfInbound = (db: Kysely<DB>, inId: number) => goodsSelect(db).where('g.in_id', '=', inId).orderBy('g.id').execute();

const outboundSelect = (db: Kysely<DB>) =>
  db
    .selectFrom('warehouse_outbound as o')
    .innerJoin('warehouse_goods as g', 'g.id', 'o.goods_id')
    .leftJoin('users as u', (join) => join.on(sql`u.id::text`, '=', sql.ref('o.created_by')))
    .selectAll('o')
    .select(['g.type as goods_type', 'g.sku as goods_sku', 'g.in_code as in_code', 'u.name as user_name']);

type OutboundRow = Awaited<ReturnType<ReturnType<typeof outboundSelect>['executeTakeFirstOrThrow']>>;

export const toOutboundGoodsRow = (row: OutboundRow): OutboundGoodsRow => ({
  id: row.id,
  goods: { id: row.goods_id, type: row.goods_type, sku: row.goods_sku },
  deliver_type: row.deliver_type,
  quantity: Number(row.quantity),
  tray_quantity: row.tray_quantity,
  weight: row.weight,
  client_code: row.client_code,
  desc: row.desc,
  remark: row.remark,
  out_time: iso(row.out_time),
  ware_out: { id: row.id, code: row.code },
  ware_in: { id: row.in_id, code: row.in_code },
  user: userName(row.user_name, row.created_by),
});

/** Goods shipped, newest first; the keyword matches the outbound code, client code or delivery type by prefix. */
export function outboundPageQuery(db: Kysely<DB>, keyword: string, after: Cursor | null) {
  let query = outboundSelect(db)
    .orderBy('o.id', 'desc')
    .limit(PAGE_SIZE + 1);
  if (after) query = query.where('o.id', '<', Number(after.id));
  if (keyword !== '') {
    const pattern = likePrefix(keyword);
    query = query.where((eb) =>
      eb.or(['code', 'client_code', 'deliver_type'].map((column) => eb(eb.fn('lower', [sql.ref(`o.${column}`)]), 'like', pattern))),
    );
  }
  return query;
}

export const outboundById = (db: Kysely<DB>, id: number) => outboundSelect(db).where('o.id', '=', id).executeTakeFirst();
export const outboundOfGoods = (db: Kysely<DB>, goodsIds: readonly number[]) =>
  goodsIds.length === 0 ? Promise.resolve([]) : outboundSelect(db).where('o.goods_id', 'in', goodsIds).orderBy('o.id').execute();

const inboundSelect = (db: Kysely<DB>) =>
  db
    .selectFrom('warehouse_inbound as i')
    .leftJoin('users as u', (join) => join.on(sql`u.id::text`, '=', sql.ref('i.created_by')))
    .selectAll('i')
    .select([
      'u.name as user_name',
      (eb) =>
        eb
          .selectFrom('warehouse_goods')
          .select(sql<string>`coalesce(sum(total), 0)`.as('n'))
          .whereRef('in_id', '=', 'i.id')
          .as('goods_count'),
      (eb) =>
        eb
          .selectFrom('warehouse_goods')
          .select(sql<string>`coalesce(sum(stock), 0)`.as('n'))
          .whereRef('in_id', '=', 'i.id')
          .as('stock'),
    ]);

type InboundQueryRow = Awaited<ReturnType<ReturnType<typeof inboundSelect>['executeTakeFirstOrThrow']>>;

export const toInboundRow = (row: InboundQueryRow): InboundRow => ({
  id: row.id,
  code: row.code,
  type: row.type,
  waybill_id: row.waybill_id,
  client_code: row.client_code,
  client_code2: row.client_code2,
  client_code3: row.client_code3,
  package: row.package,
  quantity: row.quantity,
  weight: row.weight,
  desc: row.desc,
  remark: row.remark,
  status: row.status,
  goods_count: Number(row.goods_count ?? 0),
  difference: piecesDifference(row.quantity, Number(row.goods_count ?? 0)),
  stock: Number(row.stock ?? 0),
  user: userName(row.user_name, row.created_by),
  created_at: iso(row.created_at),
});

/** The most inbound records one answer lists (SPEC: a plain list, narrowed by year and month). */
export const INBOUND_LIST_LIMIT = 500;

export interface InboundFilter {
  readonly keyword: string;
  readonly status: number | null;
  readonly year: number;
  readonly month: number;
  readonly types: readonly number[];
}

/** Inbound records of one month (China time), newest first; the keyword matches code, waybill or client code by prefix. */
export function inboundListQuery(db: Kysely<DB>, filter: InboundFilter) {
  const from = new Date(Date.UTC(filter.year, filter.month - 1, 1) - 8 * 3600 * 1000);
  const to = new Date(Date.UTC(filter.year, filter.month, 1) - 8 * 3600 * 1000);
  let query = inboundSelect(db)
    .where('i.created_at', '>=', from)
    .where('i.created_at', '<', to)
    .where('i.type', 'in', [...filter.types])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(INBOUND_LIST_LIMIT);
  if (filter.status !== null) query = query.where('i.status', '=', filter.status);
  if (filter.keyword !== '') {
    const pattern = likePrefix(filter.keyword);
    query = query.where((eb) =>
      eb.or(['code', 'waybill_id', 'client_code'].map((column) => eb(eb.fn('lower', [sql.ref(`i.${column}`)]), 'like', pattern))),
    );
  }
  return query;
}

export const inboundById = (db: Kysely<DB>, id: number) => inboundSelect(db).where('i.id', '=', id).executeTakeFirst();
export const inboundOfWaybill = (db: Kysely<DB>, waybillId: string) =>
  inboundSelect(db).where('i.waybill_id', '=', waybillId).orderBy('i.id').execute();

/** The lowest and highest outbound number on the read rows (null before the first); they are consecutive. */
export async function numberedOutboundSpan(db: Kysely<DB>): Promise<{ lowest: number; highest: number } | null> {
  const row = await db
    .selectFrom('warehouse_outbound')
    .select([sql<number | null>`min(number)`.as('lowest'), sql<number | null>`max(number)`.as('highest')])
    .executeTakeFirstOrThrow();
  return row.lowest === null || row.highest === null ? null : { lowest: row.lowest, highest: row.highest };
}

/** The highest id of a shipment recorded before outbound numbers were counted (its code carries the id); 0 when none. */
export async function highestUnnumberedOutbound(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('warehouse_outbound')
    .select(sql<number | null>`max(id)`.as('highest'))
    .where('number', 'is', null)
    .executeTakeFirstOrThrow();
  return row.highest ?? 0;
}

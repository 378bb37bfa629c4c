import type { Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import type { Cursor } from '../manage/paging.js';
import {
  goodsById,
  goodsOfInbound,
  goodsPageQuery,
  inboundById,
  inboundListQuery,
  inboundOfWaybill,
  outboundById,
  outboundOfGoods,
  outboundPageQuery,
  warehouseStatistic,
  type InboundFilter,
} from './warehouse-queries.js';

/** The warehouse's reads bound to one database, so the routes ask for rows without carrying the db around. */
export function warehouseArea(db: Kysely<DB>) {
  return {
    statistic: () => warehouseStatistic(db),
    goodsPage: (keyword: string, inStock: boolean, after: Cursor | null) => goodsPageQuery(db, keyword, inStock, after).execute(),
    outboundPage: (keyword: string, after: Cursor | null) => outboundPageQuery(db, keyword, after).execute(),
    inboundList: (filter: InboundFilter) => inboundListQuery(db, filter).execute(),
    inboundById: (id: number) => inboundById(db, id),
    inboundOfWaybill: (waybillId: string) => inboundOfWaybill(db, waybillId),
    goodsById: (id: number) => goodsById(db, id),
    goodsOfInbound: (inId: number) => goodsOfInbound(db, inId),
    outboundById: (id: number) => outboundById(db, id),
    outboundOfGoods: (goodsIds: readonly number[]) => outboundOfGoods(db, goodsIds),
  };
}

export type WarehouseArea = ReturnType<typeof warehouseArea>;

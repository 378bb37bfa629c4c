import { z } from 'zod';

const isoInstant = z.iso.datetime({ offset: true });
const pieces = z.number().int();
const named = z.object({ name: z.string() });
const recordRef = z.object({ id: z.number().int(), code: z.string() });

/** Warehouse statistics (SPEC.md section 3): pieces received, shipped and in stock. */
export const warehouseStatistic = z
  .object({ in_goods_number: pieces, out_goods_number: pieces, stock_goods_number: pieces })
  .meta({ id: 'WarehouseStatistic' });
export type WarehouseStatistic = z.infer<typeof warehouseStatistic>;

/** Stock goods row (SPEC.md section 3), with its total (box_count × count when boxed) and what has left. */
export const stockGoodsRow = z
  .object({
    id: z.number().int(),
    code: z.string(),
    type: z.string(),
    sku: z.string(),
    box_count: pieces,
    count: pieces,
    total: pieces,
    shipped: pieces,
    stock: pieces,
    ware_in: recordRef,
    user: named,
    created_at: isoInstant,
  })
  .meta({ id: 'StockGoodsRow' });
export type StockGoodsRow = z.infer<typeof stockGoodsRow>;

/** Outbound goods row (SPEC.md section 3); weight is kilograms per piece as decimal text. */
export const outboundGoodsRow = z
  .object({
    id: z.number().int(),
    goods: z.object({ id: z.number().int(), type: z.string(), sku: z.string() }),
    deliver_type: z.string(),
    quantity: pieces,
    tray_quantity: pieces,
    weight: z.string(),
    client_code: z.string(),
    desc: z.string(),
    remark: z.string(),
    out_time: isoInstant,
    ware_out: recordRef,
    ware_in: recordRef,
    user: named,
  })
  .meta({ id: 'OutboundGoodsRow' });
export type OutboundGoodsRow = z.infer<typeof outboundGoodsRow>;

/** An inbound record (SPEC.md "Inbound create payload fields"), its status (1 valid, 0 invalid) and pieces. */
export const inboundRow = z
  .object({
    id: z.number().int(),
    code: z.string(),
    type: z.number().int(),
    waybill_id: z.string(),
    client_code: z.string(),
    client_code2: z.string(),
    client_code3: z.string(),
    package: z.string(),
    quantity: pieces,
    weight: z.string(),
    desc: z.string(),
    remark: z.string(),
    status: z.number().int(),
    goods_count: pieces,
    /** goods_count − quantity (received − declared); null while nothing is received (pieces-difference.ts). */
    difference: pieces.nullable(),
    stock: pieces,
    user: named,
    created_at: isoInstant,
  })
  .meta({ id: 'InboundRow' });
export type InboundRow = z.infer<typeof inboundRow>;

export const createdRecord = z.object({ id: z.number().int() }).meta({ id: 'CreatedRecord' });

/** /warehouse/in/:id: the record, its goods, and every shipment of them. */
export const inboundDetail = z
  .object({ record: inboundRow, goods: z.array(stockGoodsRow), shipments: z.array(outboundGoodsRow) })
  .meta({ id: 'InboundDetail' });
export type InboundDetail = z.infer<typeof inboundDetail>;
/** /warehouse/box/:id: an inbound record's packing list: its boxes (goods rows) and their totals. */
export const boxDetail = z
  .object({ record: inboundRow, boxes: z.array(stockGoodsRow), box_count: pieces, pieces: pieces, stock: pieces })
  .meta({ id: 'BoxDetail' });
export type BoxDetail = z.infer<typeof boxDetail>;
/** /warehouse/out/:id: one shipment, the goods it took and their inbound record. */
export const outboundDetail = z
  .object({ shipment: outboundGoodsRow, goods: stockGoodsRow, record: inboundRow })
  .meta({ id: 'OutboundDetail' });
export type OutboundDetail = z.infer<typeof outboundDetail>;
/** /logistics/waybill/:id: the waybill of an inbound record and every inbound record under it. */
export const waybillDetail = z
  .object({ waybill_id: z.string(), records: z.array(inboundRow), pieces: pieces, weight: z.string() })
  .meta({ id: 'WaybillDetail' });
export type WaybillDetail = z.infer<typeof waybillDetail>;

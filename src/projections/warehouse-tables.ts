import type { Int8, Timestamp } from '../database/column-types.js';

/** The warehouse's read tables (DESIGN.md section 9): written only by the projector from the inbound streams. */
export interface WarehouseInboundTable {
  id: number;
  code: string;
  type: number;
  waybill_id: string;
  client_code: string;
  client_code2: string;
  client_code3: string;
  package: string;
  quantity: number;
  /** numeric(12, 3): kilograms, as decimal text. */
  weight: string;
  desc: string;
  remark: string;
  /** 1 valid, 0 invalid (SPEC.md "Inbound record status labels"). */
  status: number;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WarehouseGoodsTable {
  id: number;
  in_id: number;
  in_code: string;
  code: string;
  type: string;
  sku: string;
  box_count: number;
  count: number;
  total: Int8;
  shipped: Int8;
  stock: Int8;
  created_by: string;
  created_at: Timestamp;
}

export interface WarehouseOutboundTable {
  id: number;
  code: string;
  /** The gap-free outbound number in the code (outbound-numbers.ts); null on shipments recorded before it was counted. */
  number: number | null;
  goods_id: number;
  in_id: number;
  quantity: Int8;
  deliver_type: string;
  tray_quantity: number;
  weight: string;
  client_code: string;
  desc: string;
  remark: string;
  out_time: Timestamp;
  created_by: string;
  created_at: Timestamp;
}

export interface WarehouseTables {
  warehouse_inbound: WarehouseInboundTable;
  warehouse_goods: WarehouseGoodsTable;
  warehouse_outbound: WarehouseOutboundTable;
}

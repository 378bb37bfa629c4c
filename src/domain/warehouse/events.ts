import type { EventMetadata } from '../order/events.js';

type Fact<T extends string, D> = { readonly type: T; readonly data: D; readonly meta: EventMetadata };

/** An inbound record as created (SPEC.md "Inbound create payload fields"), with its id, code and type. */
export interface InboundRecord {
  readonly id: number;
  readonly code: string;
  readonly type: 3 | 4;
  readonly waybill_id: string;
  readonly client_code: string;
  readonly client_code2: string;
  readonly client_code3: string;
  readonly package: string;
  readonly quantity: number;
  readonly weight: string;
  readonly desc: string;
  readonly remark: string;
}

export interface GoodsRecord {
  readonly goods_id: number;
  readonly code: string;
  readonly type: string;
  readonly sku: string;
  readonly box_count: number;
  readonly count: number;
  readonly total: number;
}

export interface Shipment {
  readonly out_id: number;
  readonly out_code: string;
  /** The outbound number in out_code (outbound-numbers.ts); absent on shipments recorded before numbers were counted. */
  readonly out_no?: number;
  readonly goods_id: number;
  readonly quantity: number;
  readonly deliver_type: string;
  readonly tray_quantity: number;
  readonly weight: string;
  readonly client_code: string;
  readonly desc: string;
  readonly remark: string;
  readonly out_time: string;
}

export type InboundRecordCreated = Fact<'InboundRecordCreated', { record: InboundRecord }>;
export type GoodsReceived = Fact<'GoodsReceived', { goods: GoodsRecord }>;
export type GoodsShipped = Fact<'GoodsShipped', { shipment: Shipment }>;
export type InboundRecordInvalidated = Fact<'InboundRecordInvalidated', Record<string, never>>;
export type WarehouseEvent = InboundRecordCreated | GoodsReceived | GoodsShipped | InboundRecordInvalidated;
export type WarehouseEventType = WarehouseEvent['type'];
export const WAREHOUSE_EVENT_TYPES: readonly WarehouseEventType[] = [
  'InboundRecordCreated',
  'GoodsReceived',
  'GoodsShipped',
  'InboundRecordInvalidated',
];

/**
 * One stream per inbound record holds the record and every movement of the goods received
 * against it (DESIGN.md section 9): a shipment is decided against that stream's revision, so two
 * shipments of the same goods can never both spend the same pieces.
 */
export const INBOUND_STREAM_PREFIX = 'inbound-';
export const inboundStreamId = (id: number): string => `${INBOUND_STREAM_PREFIX}${id}`;
export const isWarehouseStream = (streamId: string): boolean => streamId.startsWith(INBOUND_STREAM_PREFIX);

export function toWarehouseEvent(type: string, data: unknown, meta: unknown): WarehouseEvent {
  if (!(WAREHOUSE_EVENT_TYPES as readonly string[]).includes(type)) throw new Error(`Not a warehouse event: ${type}`);
  return { type, data, meta } as WarehouseEvent;
}

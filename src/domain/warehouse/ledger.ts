import type { EventMetadata } from '../order/events.js';
import type { GoodsRecord, InboundRecord, Shipment, WarehouseEvent } from './events.js';
import { goodsTotal, type ReceiveGoods, type ShipGoods } from './payloads.js';

/** What one inbound record's stream says now: the record, whether it is valid, and each goods row's pieces in and out. */
export interface InboundLedger {
  readonly record: InboundRecord | null;
  readonly valid: boolean;
  readonly goods: Readonly<Record<number, { readonly total: number; readonly shipped: number }>>;
}

export const emptyLedger: InboundLedger = { record: null, valid: false, goods: {} };

export type WarehouseCommand =
  | { readonly type: 'createInbound'; readonly record: InboundRecord }
  | { readonly type: 'receiveGoods'; readonly goods_id: number; readonly goods: Omit<ReceiveGoods, 'in_id'> }
  | {
      readonly type: 'shipGoods';
      readonly out_id: number;
      readonly out_code: string;
      readonly out_no: number;
      readonly shipment: Omit<ShipGoods, 'out_time'> & { readonly out_time: string };
    }
  | { readonly type: 'invalidateInbound' };

export type WarehouseRefusal =
  'inbound_exists' | 'inbound_not_found' | 'inbound_invalid' | 'goods_not_found' | 'stock_insufficient' | 'inbound_has_stock';

export type WarehouseDecision =
  | { readonly ok: true; readonly events: WarehouseEvent[] }
  | { readonly ok: false; readonly reason: WarehouseRefusal; readonly stock?: number };

export const stockOf = (ledger: InboundLedger, goodsId: number): number => {
  const goods = ledger.goods[goodsId];
  return goods ? goods.total - goods.shipped : 0;
};
export const ledgerStock = (ledger: InboundLedger): number =>
  Object.keys(ledger.goods).reduce((sum, id) => sum + stockOf(ledger, Number(id)), 0);

const refuse = (reason: WarehouseRefusal, stock?: number): WarehouseDecision => ({
  ok: false,
  reason,
  ...(stock === undefined ? {} : { stock }),
});

/**
 * The stock rules as a pure decider: a record is created once; goods are received only against a
 * valid record; a shipment takes at most what the goods row holds (stock never goes negative); a
 * record is marked invalid only while none of its goods are in stock. Time and ids are arguments.
 */
export function decideWarehouse(ledger: InboundLedger, command: WarehouseCommand, meta: EventMetadata): WarehouseDecision {
  switch (command.type) {
    case 'createInbound':
      return ledger.record
        ? refuse('inbound_exists')
        : { ok: true, events: [{ type: 'InboundRecordCreated', data: { record: command.record }, meta }] };
    case 'receiveGoods': {
      if (!ledger.record) return refuse('inbound_not_found');
      if (!ledger.valid) return refuse('inbound_invalid');
      const goods: GoodsRecord = {
        goods_id: command.goods_id,
        ...command.goods,
        total: goodsTotal(command.goods.box_count, command.goods.count),
      };
      return { ok: true, events: [{ type: 'GoodsReceived', data: { goods }, meta }] };
    }
    case 'shipGoods': {
      if (!ledger.record || !ledger.goods[command.shipment.goods_id]) return refuse('goods_not_found');
      const stock = stockOf(ledger, command.shipment.goods_id);
      if (command.shipment.quantity > stock) return refuse('stock_insufficient', stock);
      const shipment: Shipment = { out_id: command.out_id, out_code: command.out_code, out_no: command.out_no, ...command.shipment };
      return { ok: true, events: [{ type: 'GoodsShipped', data: { shipment }, meta }] };
    }
    case 'invalidateInbound':
      if (!ledger.record) return refuse('inbound_not_found');
      if (!ledger.valid) return refuse('inbound_invalid');
      if (ledgerStock(ledger) > 0) return refuse('inbound_has_stock', ledgerStock(ledger));
      return { ok: true, events: [{ type: 'InboundRecordInvalidated', data: {}, meta }] };
  }
}

export function evolveWarehouse(ledger: InboundLedger, event: WarehouseEvent): InboundLedger {
  switch (event.type) {
    case 'InboundRecordCreated':
      return { ...ledger, record: event.data.record, valid: true };
    case 'GoodsReceived':
      return { ...ledger, goods: { ...ledger.goods, [event.data.goods.goods_id]: { total: event.data.goods.total, shipped: 0 } } };
    case 'GoodsShipped': {
      const goods = ledger.goods[event.data.shipment.goods_id];
      if (!goods) return ledger;
      return {
        ...ledger,
        goods: { ...ledger.goods, [event.data.shipment.goods_id]: { ...goods, shipped: goods.shipped + event.data.shipment.quantity } },
      };
    }
    case 'InboundRecordInvalidated':
      return { ...ledger, valid: false };
  }
}

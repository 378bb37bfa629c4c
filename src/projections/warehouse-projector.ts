import { sql } from 'kysely';
import type { StoredEvent } from '../../eventstore/port.js';
import type { Db } from '../database/schema.js';
import { INBOUND_STREAM_PREFIX, isWarehouseStream, toWarehouseEvent, type WarehouseEvent } from '../domain/index.js';
import type { Applied } from './order-projector.js';
import { applyOnce } from './stream-revisions.js';

const inboundIdOf = (streamId: string): number => Number(streamId.slice(INBOUND_STREAM_PREFIX.length));

async function applyFact(trx: Db, inId: number, event: WarehouseEvent): Promise<void> {
  const at = new Date(event.meta.occurred_at);
  const by = event.meta.actor.id;
  switch (event.type) {
    case 'InboundRecordCreated':
      await trx
        .insertInto('warehouse_inbound')
        .values({ ...event.data.record, status: 1, created_by: by, created_at: at, updated_at: at })
        .execute();
      return;
    case 'GoodsReceived': {
      const { goods_id, ...goods } = event.data.goods;
      const inbound = await trx.selectFrom('warehouse_inbound').select('code').where('id', '=', inId).executeTakeFirstOrThrow();
      await trx
        .insertInto('warehouse_goods')
        .values({
          id: goods_id,
          in_id: inId,
          in_code: inbound.code,
          ...goods,
          shipped: 0,
          stock: goods.total,
          created_by: by,
          created_at: at,
        })
        .execute();
      return;
    }
    case 'GoodsShipped': {
      const { out_id, out_code, out_no, ...shipment } = event.data.shipment;
      await trx
        .insertInto('warehouse_outbound')
        .values({ id: out_id, code: out_code, number: out_no ?? null, in_id: inId, ...shipment, created_by: by, created_at: at })
        .execute();
      await trx
        .updateTable('warehouse_goods')
        .set({ shipped: sql`shipped + ${shipment.quantity}`, stock: sql`stock - ${shipment.quantity}` })
        .where('id', '=', shipment.goods_id)
        .execute();
      return;
    }
    case 'InboundRecordInvalidated':
      await trx.updateTable('warehouse_inbound').set({ status: 0, updated_at: at }).where('id', '=', inId).execute();
      return;
  }
}

/** Applies an inbound stream's event to the warehouse tables, once (stream-revisions.ts). */
export async function applyWarehouseEvent(trx: Db, stored: StoredEvent): Promise<Applied | null> {
  if (!isWarehouseStream(stored.streamId)) return null;
  return applyOnce(trx, stored, () =>
    applyFact(trx, inboundIdOf(stored.streamId), toWarehouseEvent(stored.type, stored.data, stored.metadata)),
  );
}

/** Empties the warehouse tables (and what they have seen) for a rebuild from the log. */
export async function clearWarehouseTables(trx: Db): Promise<void> {
  await trx.deleteFrom('warehouse_outbound').execute();
  await trx.deleteFrom('warehouse_goods').execute();
  await trx.deleteFrom('warehouse_inbound').execute();
  await trx.deleteFrom('stream_revisions').where('stream_id', 'like', `${INBOUND_STREAM_PREFIX}%`).execute();
}

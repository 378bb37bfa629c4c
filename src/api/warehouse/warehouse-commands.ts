import { sql } from 'kysely';
import { handleCommand, type CommandHandling, type DecidedAppend } from '../../application/command-handler.js';
import { WarehouseCommandRefused, warehouseDecider } from '../../application/warehouse/warehouse-decider.js';
import {
  inboundStreamId,
  message,
  type Actor,
  type InboundLedger,
  type WarehouseCommand,
  type WarehouseEvent,
  type WarehouseRefusal,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { eventMeta, newEventOf } from '../recorded-events.js';
import { appendVisibly } from '../append-visibly.js';
import { HttpError } from '../http/errors.js';

export type WarehouseDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids'>;

/** The next record id (inbound records, goods rows and shipments share one sequence; it may leave gaps, so no shown number comes from it but RK codes). */
export async function nextWarehouseId(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const { rows } = await sql<{ id: string | number }>`select nextval('warehouse_ids') as id`.execute(deps.db);
  return Number(rows[0]!.id);
}

/** A record's code: prefix, the day in China, and the id (RK20261124-000042). */
export function recordCode(prefix: 'RK' | 'CK', id: number, at: Date): string {
  const day = new Date(at.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}${day}-${String(id).padStart(6, '0')}`;
}

function refusalError(reason: WarehouseRefusal, stock?: number): HttpError {
  switch (reason) {
    case 'inbound_exists':
    case 'inbound_invalid':
      return new HttpError('inbound_invalid', message('warehouse.inboundInvalid'));
    case 'inbound_not_found':
      return new HttpError('inbound_not_found', message('warehouse.inboundNotFound'));
    case 'goods_not_found':
      return new HttpError('goods_not_found', message('warehouse.goodsNotFound'));
    case 'stock_insufficient': {
      const text = message('warehouse.stockInsufficient', { stock: stock ?? 0 });
      return new HttpError('stock_insufficient', text, { quantity: [text] });
    }
    case 'inbound_has_stock':
      return new HttpError('inbound_has_stock', message('warehouse.inboundHasStock', { stock: stock ?? 0 }));
  }
}

/**
 * Runs a command against an inbound record's stream: load, decide, append with the expected
 * revision. A concurrent movement makes the append fail and the command is decided again on the
 * new stock, so two shipments can never both spend the same pieces; a refusal writes nothing.
 * Returns once the warehouse tables show the change.
 */
export async function runWarehouseCommand(
  deps: WarehouseDeps,
  inId: number,
  command: WarehouseCommand,
  actor: Actor,
  handling: Partial<CommandHandling<InboundLedger, WarehouseEvent>> = {},
): Promise<void> {
  if (deps.projections.problem()) throw new HttpError('service_unavailable', message('http.unavailable'));
  const decider = warehouseDecider(() => eventMeta(deps, actor));
  const append = async ({ streamId, events, expected }: DecidedAppend<InboundLedger, WarehouseEvent>) => {
    await appendVisibly(deps, { streamId, events: events.map(newEventOf), expected, waitKey: streamId });
  };
  try {
    await handleCommand(deps.eventStore, decider, inboundStreamId(inId), command, { append, ...handling });
  } catch (error) {
    throw error instanceof WarehouseCommandRefused ? refusalError(error.reason, error.stock) : error;
  }
}

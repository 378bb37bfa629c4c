import {
  decideWarehouse,
  emptyLedger,
  evolveWarehouse,
  toWarehouseEvent,
  type EventMetadata,
  type InboundLedger,
  type WarehouseCommand,
  type WarehouseEvent,
  type WarehouseRefusal,
} from '../../domain/index.js';
import type { Decider } from '../command-handler.js';

/** The stock rules refused the command; nothing was written. */
export class WarehouseCommandRefused extends Error {
  override readonly name = 'WarehouseCommandRefused';
  constructor(
    readonly reason: WarehouseRefusal,
    readonly stock?: number,
  ) {
    super(`Warehouse command refused: ${reason}.`);
  }
}

/** An inbound record's stock rules as the command handler takes them; `meta` gives each decision its own event id and time. */
export const warehouseDecider = (meta: () => EventMetadata): Decider<InboundLedger, WarehouseCommand, WarehouseEvent> => ({
  initialState: () => emptyLedger,
  toEvent: (stored) => toWarehouseEvent(stored.type, stored.data, stored.metadata),
  evolve: evolveWarehouse,
  decide: (ledger, command) => {
    const decision = decideWarehouse(ledger, command, meta());
    if (!decision.ok) throw new WarehouseCommandRefused(decision.reason, decision.stock);
    return { events: decision.events, state: decision.events.reduce(evolveWarehouse, ledger) };
  },
});

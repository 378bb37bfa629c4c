import type { ExpectedRevision, NewEvent } from '../../../eventstore/port.js';
import { projectsInAppend } from '../../../eventstore/postgres/port.js';
import type { DecidedAppend } from '../../application/command-handler.js';
import { defaultRetryPolicy, retryOnConflict } from '../../application/retry-policy.js';
import {
  OUTBOUND_NUMBER_STREAM,
  nextOutboundNumber,
  type Actor,
  type InboundLedger,
  type OutboundNumberTaken,
  type OutboundNumberTakenData,
  type ShipGoods,
  type WarehouseEvent,
} from '../../domain/index.js';
import { appendVisibly, projectInAppend } from '../append-visibly.js';
import { eventMeta, newEventOf } from '../recorded-events.js';
import { recordCode, runWarehouseCommand, type WarehouseDeps } from './warehouse-commands.js';
import { highestUnnumberedOutbound, numberedOutboundSpan } from './warehouse-queries.js';

/** The inbound record whose goods leave, and the shipment's record id. */
interface ShipmentTarget {
  readonly inId: number;
  readonly outId: number;
}
type ShipmentFacts = Omit<ShipGoods, 'out_time'> & { readonly out_time: string };

/** The last outbound number taken and the revision of the number stream it stands at. */
interface NumberHead {
  readonly last: number | null;
  readonly expected: ExpectedRevision;
}

/**
 * The number stream's head. The read rows say where it about is (numbers are consecutive, so the
 * highest minus the lowest is the head's revision); the stream is read from there on, so rows that
 * lag behind their stream only cost a longer read.
 */
async function numberHead(deps: WarehouseDeps): Promise<NumberHead> {
  const seen = await numberedOutboundSpan(deps.db);
  let from = seen ? BigInt(seen.highest - seen.lowest) : 0n;
  let head: NumberHead = { last: null, expected: 'no_stream' };
  for (;;) {
    const page = await deps.eventStore.readStream(OUTBOUND_NUMBER_STREAM, { fromRevision: from });
    const last = page.at(-1);
    if (!last) return head;
    head = { last: (last.data as unknown as OutboundNumberTakenData).number, expected: last.revision };
    from = last.revision + 1n;
  }
}

const queues = new WeakMap<object, Promise<unknown>>();

/**
 * Runs one process's shipments one after the other: they would only race each other for the
 * number stream's head. Other processes still race it, and the loser tries again.
 */
function oneAtATime<T>(key: object, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(key) ?? Promise.resolve()).then(work);
  queues.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * Appends the shipment and its number together. With the PostgreSQL log both streams are written
 * in one transaction (all or nothing) and the read rows with them. EventStoreDB has no such
 * transaction: the number is taken first, so a shipment whose append then fails leaves a gap
 * (never a duplicate); docs/architecture.md says so.
 */
function appendWithNumber(deps: WarehouseDeps, numberEvent: NewEvent, head: NumberHead) {
  return async ({ streamId, events, expected }: DecidedAppend<InboundLedger, WarehouseEvent>) => {
    const shipment = { streamId, events: events.map(newEventOf), expected, waitKey: streamId };
    const number = { streamId: OUTBOUND_NUMBER_STREAM, events: [numberEvent], expected: head.expected };
    const store = deps.eventStore;
    if (!projectsInAppend(store)) {
      await store.append(number.streamId, number.events, number.expected);
      await appendVisibly(deps, shipment);
      return;
    }
    await store.appendStreamsAndProject([shipment, number], (trx, [last]) => projectInAppend(deps, shipment)(trx, last!));
  };
}

/**
 * Ships goods under the next outbound number (outbound-numbers.ts). The number is read, the
 * shipment decided and both appended as one try; when any stream moved on (another shipment took
 * the number, or spent the pieces) the whole try runs again on the new heads. A refusal throws
 * before anything is appended, so it takes no number. Returns the CK code.
 */
export async function shipWithNumber(deps: WarehouseDeps, target: ShipmentTarget, shipment: ShipmentFacts, actor: Actor): Promise<string> {
  return oneAtATime(deps.eventStore, () => shipUnderNextNumber(deps, target, shipment, actor));
}

async function shipUnderNextNumber(deps: WarehouseDeps, target: ShipmentTarget, shipment: ShipmentFacts, actor: Actor): Promise<string> {
  return retryOnConflict(defaultRetryPolicy, async () => {
    const head = await numberHead(deps);
    const number = nextOutboundNumber(head.last, head.last === null ? await highestUnnumberedOutbound(deps.db) : 0);
    const code = recordCode('CK', number, deps.clock.now());
    const taken: OutboundNumberTaken = {
      type: 'OutboundNumberTaken',
      data: { number, out_id: target.outId, in_id: target.inId },
      meta: eventMeta(deps, actor),
    };
    const numberEvent = newEventOf(taken);
    await runWarehouseCommand(
      deps,
      target.inId,
      { type: 'shipGoods', out_id: target.outId, out_code: code, out_no: number, shipment },
      actor,
      { append: appendWithNumber(deps, numberEvent, head), retry: { ...defaultRetryPolicy, attempts: 1 } },
    );
    return code;
  });
}

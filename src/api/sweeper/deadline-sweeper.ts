import { sql } from 'kysely';
import { ConcurrencyError } from '../../../eventstore/port.js';
import { ORDER_TAGS, OrderCommandRefused, STATUSES, statusHasTag, type Actor } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { safeError } from '../http/safe-error.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { startRepeating } from '../repeating-task.js';

const SWEEPER: Actor = { id: 'deadline-sweeper', role: 'system' };
/** Orders handled per query; a larger backlog is worked through batch after batch in one sweep. */
const BATCH = 200;

export interface DeadlineSweeperOptions {
  readonly intervalMs: number;
  /** Told about a failure that is not "someone else got there first" (default: console.error). */
  readonly onError?: (error: unknown, orderId: string | null) => void;
}

export interface DeadlineSweeper {
  /** Expires every overdue order once; resolves to how many this call expired. */
  sweepOnce(): Promise<number>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

type SweeperDeps = Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'keyring'>;

/** Logs a failed sweep through safeError: a failed append's error carries the whole event as a statement parameter. */
export const logSweepFailure =
  (log: { error(details: object, message: string): void }) =>
  (error: unknown, orderId: string | null): void =>
    log.error({ err: safeError(error), orderId }, 'deadline sweep failed');

const defaultOnError = logSweepFailure({ error: (details, message) => console.error(`deadline sweeper: ${message}`, details) });

interface Cursor {
  readonly deadline: Date;
  readonly id: string;
}

/**
 * The statuses the machine times out (tagged `timesOut`). They go into the SQL as literals so the
 * planner can use the partial index `orders_deadline`, whose predicate is this very list (a test
 * holds the two together).
 */
export const TIMING_OUT_STATUSES = STATUSES.filter((status) => statusHasTag(status, ORDER_TAGS.timesOut));
const timingOut = sql.raw(`status in (${TIMING_OUT_STATUSES.join(', ')})`);

/** Overdue orders that can still time out, after the cursor, by deadline then id. */
async function overdueOrders(deps: SweeperDeps, now: Date, after: Cursor | null): Promise<Cursor[]> {
  let query = deps.db
    .selectFrom('orders')
    .select(['id', 'deadline_date'])
    .where(sql<boolean>`${timingOut}`)
    .where('deadline_date', '<=', now)
    .orderBy('deadline_date')
    .orderBy('id')
    .limit(BATCH);
  if (after) query = query.where(sql<boolean>`(deadline_date, id) > (${after.deadline}, ${after.id})`);
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, deadline: row.deadline_date! }));
}

/** True when this call expired the order; false when another process or a payment got there first. */
async function expire(deps: SweeperDeps, orderId: string): Promise<boolean> {
  try {
    await runOrderCommand(deps, orderId, { type: 'expireOrder' }, SWEEPER, { skipProjectionWait: true });
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError || error instanceof OrderCommandRefused) return false;
    throw error;
  }
}

/**
 * The deadline sweeper (DESIGN.md section 3): no timers inside the machine, but a periodic sweep
 * that appends OrderTimedOut with the expected revision. Safe in any number of processes at once:
 * of two sweeps (or a sweep and a payment) racing on one order, the append of the second fails on
 * the revision, its retry sees the new state and is refused, and that is simply "moved on".
 */
export function startDeadlineSweeper(deps: SweeperDeps, options: DeadlineSweeperOptions): DeadlineSweeper {
  const onError = options.onError ?? defaultOnError;

  async function sweepOnce(): Promise<number> {
    const now = deps.clock.now();
    let expired = 0;
    // The read table is projected after the append, so an order just expired may still match:
    // the cursor, not the status, moves one sweep forward.
    for (let cursor: Cursor | null = null; ;) {
      const batch = await overdueOrders(deps, now, cursor);
      for (const order of batch) {
        try {
          if (await expire(deps, order.id)) expired += 1;
        } catch (error) {
          onError(error, order.id);
        }
      }
      if (batch.length < BATCH) return expired;
      cursor = batch[batch.length - 1]!;
    }
  }

  // A sweep is scheduled only after the previous one ended, so sweeps of one process never overlap.
  const repeating = startRepeating(sweepOnce, options.intervalMs, (error) => onError(error, null));
  return { sweepOnce, stop: () => repeating.stop() };
}

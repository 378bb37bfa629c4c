import { ChainWalker } from '../../../eventstore/chain/index.js';
import type { StoredEvent } from '../../../eventstore/port.js';
import {
  ORDER_STREAM_PREFIX,
  dataSubjectOf,
  evolve,
  initialOrderState,
  toOrderEvent,
  type AuditProblem,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { OrderRow } from '../../database/schema.js';
import type { AppDeps } from '../deps.js';
import { occurredAt } from '../stream-events.js';
import { openEvent } from '../privacy/event-privacy.js';
import { asErasureLeftIt, erasedAmong } from '../privacy/erased-subjects.js';
import { chainProblems } from './log-checker.js';
import { fileProblems } from './order-verification.js';
import { replayedRow } from './replayed-row.js';
import { rowDifferences } from './row-comparison.js';
import type { SignedHeads } from './signed-heads.js';

export type VerifyDeps = Pick<AppDeps, 'db' | 'storedEvents' | 'keyring' | 'auditSigner' | 'config' | 'ids' | 'clock' | 'projections'>;

interface Replayed {
  state: OrderSnapshot;
  revision: bigint;
  createdAt: Date;
  updatedAt: Date;
}

/** What one batch of streams counted. */
export interface BatchCounts {
  readonly events: number;
  readonly unchained: number;
  readonly orders: number;
  readonly files: number;
  readonly erased: number;
}

/** What every batch shares: the signed heads, and whether the projection was found stuck. */
export interface VerifyWalk {
  readonly deps: VerifyDeps;
  readonly signed: SignedHeads;
  readonly behind: { stuck: boolean };
  readonly problems: AuditProblem[];
}

/**
 * Checks whole streams (every event of each, in log order): their hash chains and revisions,
 * the signed heads among them, and each order's replay against its read row and recorded files.
 * Nothing of the batch is kept once it returns but its counts and problems.
 */
export async function verifyBatch(walk: VerifyWalk, events: readonly StoredEvent[]): Promise<BatchCounts> {
  const walker = new ChainWalker();
  const orders = new Map<string, Replayed>();
  for (const event of events) {
    walker.feed(event);
    const differs = walk.signed.check(event);
    if (differs) walk.problems.push(differs);
    if (event.streamId.startsWith(ORDER_STREAM_PREFIX)) await replay(walk, orders, event);
  }
  walk.problems.push(...chainProblems(walker));
  const { files, erased } = await compareReadRows(walk, orders);
  return { events: walker.events, unchained: walker.unchained, orders: orders.size, files, erased };
}

async function replay({ deps, problems }: VerifyWalk, orders: Map<string, Replayed>, stored: StoredEvent): Promise<void> {
  const orderId = stored.streamId.slice(ORDER_STREAM_PREFIX.length);
  const current = orders.get(orderId);
  try {
    const opened = await openEvent(stored, deps.keyring);
    const state = evolve(current?.state ?? initialOrderState(), toOrderEvent(opened.type, opened.data, opened.metadata));
    orders.set(orderId, {
      state,
      revision: stored.revision,
      createdAt: current?.createdAt ?? occurredAt(stored),
      updatedAt: occurredAt(stored),
    });
  } catch {
    problems.push({ stream: stored.streamId, revision: stored.revision.toString(), field: 'data', problem: 'does_not_replay' });
  }
}

/** The batch's replayed orders against their read rows (read in one query) and their files. */
async function compareReadRows(walk: VerifyWalk, orders: ReadonlyMap<string, Replayed>): Promise<{ files: number; erased: number }> {
  const { deps, problems } = walk;
  if (orders.size === 0) return { files: 0, erased: 0 };
  const ids = [...orders.keys()];
  const rows = new Map((await deps.db.selectFrom('orders').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
  const erasedPeople = await erasedAmong(deps.db, [...new Set([...orders.values()].map((order) => dataSubjectOf(order.state.context)))]);
  let files = 0;
  let erased = 0;
  for (const [id, replayed] of orders) {
    const stream = `${ORDER_STREAM_PREFIX}${id}`;
    const revision = replayed.revision.toString();
    const row = await caughtUpRow(walk, id, replayed.revision, rows.get(id));
    if (!row) {
      problems.push({ stream, revision, field: '(row)', problem: 'read_row_missing' });
      continue;
    }
    const context = asErasureLeftIt(replayed.state.context, erasedPeople);
    const expected = replayedRow(context, replayed.revision, replayed.createdAt, replayed.updatedAt);
    for (const field of rowDifferences(expected, row)) problems.push({ stream, revision, field, problem: 'read_row_differs' });
    const checked = await fileProblems(deps, replayed.state.context);
    files += checked.checked;
    erased += checked.erased.length;
    for (const file of checked.problems) problems.push({ stream, revision, field: `file ${file.uid}`, problem: `file_${file.problem}` });
  }
  return { files, erased };
}

/**
 * The read row, waited for while the projection is still applying the order's newest events (a
 * verification just after a restart, or next to live traffic). Once one wait times out the
 * projection is taken as stuck, and later rows are compared as they are.
 */
async function caughtUpRow(
  { deps, behind }: VerifyWalk,
  id: string,
  revision: bigint,
  row: OrderRow | undefined,
): Promise<OrderRow | undefined> {
  if (behind.stuck || (row && BigInt(row.revision) >= revision)) return row;
  try {
    await deps.projections.waitFor(id, revision);
  } catch {
    behind.stuck = true;
    return row;
  }
  return deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

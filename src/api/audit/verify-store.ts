import { START, type StoredEvent } from '../../../eventstore/port.js';
import {
  ORDER_STREAM_PREFIX,
  evolve,
  initialOrderState,
  toOrderEvent,
  type AuditProblem,
  type AuditVerifyReport,
  type OrderSnapshot,
} from '../../domain/index.js';
import type { OrderRow } from '../../database/schema.js';
import type { AppDeps } from '../deps.js';
import { occurredAt } from '../stream-events.js';
import { openEvent } from '../privacy/event-privacy.js';
import { asErasureLeftIt, erasedSubjects } from '../privacy/erased-subjects.js';
import { LogChecker } from './log-checker.js';
import { checkpointTrusted, fileProblems, latestCheckpoint } from './order-verification.js';
import { replayedRow } from './replayed-row.js';
import { rowDifferences } from './row-comparison.js';

type VerifyDeps = Pick<AppDeps, 'db' | 'storedEvents' | 'keyring' | 'auditSigner' | 'config' | 'ids' | 'clock' | 'projections'>;

interface Replayed {
  state: OrderSnapshot;
  revision: bigint;
  createdAt: Date;
  updatedAt: Date;
}

const PAGE = 1000;
const ROW_BATCH = 500;

/**
 * `npm run audit:verify` and POST /api/v1/audit/verify: walks the whole log once, checks every
 * stream's hash chain and revisions, the last signed checkpoint (each head it signed must still be
 * there with the same hash), replays every order through `evolve` and compares it with its read
 * row, and checks every recorded file hash. Each problem names stream, revision and field.
 */
export async function verifyStore(deps: VerifyDeps): Promise<AuditVerifyReport> {
  const started = performance.now();
  const problems: AuditProblem[] = [];
  const { file, logged } = await latestCheckpoint(deps);
  const trusted = logged !== null && checkpointTrusted(file, logged.root, deps.auditSigner.publicKeyPem);
  if (logged && !trusted)
    problems.push({
      stream: 'audit-checkpoints',
      revision: null,
      field: `checkpoint ${logged.sequence}`,
      problem: 'checkpoint_not_trusted',
    });
  const checker = new LogChecker(trusted ? file!.heads : []);
  const orders = new Map<string, Replayed>();

  let position = START;
  for (;;) {
    const page = await deps.storedEvents.readAll({ from: position, maxCount: PAGE });
    for (const event of page.events) {
      checker.feed(event);
      if (event.streamId.startsWith(ORDER_STREAM_PREFIX)) await replay(deps, orders, event, problems);
    }
    if (page.events.length === 0) break;
    position = page.next;
  }
  problems.push(...checker.problems());
  const walker = checker.walker;
  const { files, erased } = await compareReadTables(deps, orders, problems);
  const durationMs = performance.now() - started;
  return {
    ok: problems.length === 0,
    streams: walker.heads().length,
    events: walker.events,
    unchained: walker.unchained,
    orders: orders.size,
    files,
    files_erased: erased,
    checkpoint: logged ? { sequence: logged.sequence, taken_at: logged.taken_at, signature_valid: trusted } : null,
    problems,
    duration_ms: Math.round(durationMs),
    events_per_second: durationMs > 0 ? Math.round((walker.events / durationMs) * 1000) : walker.events,
  };
}

async function replay(deps: VerifyDeps, orders: Map<string, Replayed>, stored: StoredEvent, problems: AuditProblem[]): Promise<void> {
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

/** Every replayed order against its read row, a batch of rows at a time; rows with no events are reported too. */
async function compareReadTables(
  deps: VerifyDeps,
  orders: ReadonlyMap<string, Replayed>,
  problems: AuditProblem[],
): Promise<{ files: number; erased: number }> {
  const ids = [...orders.keys()];
  const behind = { stuck: false };
  let files = 0;
  let erased = 0;
  const erasedPeople = await erasedSubjects(deps.db);
  for (let index = 0; index < ids.length; index += ROW_BATCH) {
    const batch = ids.slice(index, index + ROW_BATCH);
    const rows = new Map((await deps.db.selectFrom('orders').selectAll().where('id', 'in', batch).execute()).map((row) => [row.id, row]));
    for (const id of batch) {
      const replayed = orders.get(id)!;
      const stream = `${ORDER_STREAM_PREFIX}${id}`;
      const revision = replayed.revision.toString();
      const row = await caughtUpRow(deps, id, replayed.revision, rows.get(id), behind);
      if (!row) {
        problems.push({ stream, revision, field: '(row)', problem: 'read_row_missing' });
        continue;
      }
      const expected = replayedRow(
        asErasureLeftIt(replayed.state.context, erasedPeople),
        replayed.revision,
        replayed.createdAt,
        replayed.updatedAt,
      );
      for (const field of rowDifferences(expected, row)) problems.push({ stream, revision, field, problem: 'read_row_differs' });
      const checked = await fileProblems(deps, replayed.state.context);
      files += checked.checked;
      erased += checked.erased.length;
      for (const file of checked.problems) problems.push({ stream, revision, field: `file ${file.uid}`, problem: `file_${file.problem}` });
    }
  }
  await rowsWithoutEvents(deps, orders, problems);
  return { files, erased };
}

/** Read rows whose order has no events at all: looked for only when the table holds more rows than the log has orders. */
async function rowsWithoutEvents(deps: VerifyDeps, orders: ReadonlyMap<string, Replayed>, problems: AuditProblem[]): Promise<void> {
  const { count } = await deps.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) <= orders.size) return;
  let after = '';
  for (;;) {
    const page = await deps.db.selectFrom('orders').select('id').where('id', '>', after).orderBy('id').limit(ROW_BATCH).execute();
    for (const { id } of page) {
      if (!orders.has(id))
        problems.push({ stream: `${ORDER_STREAM_PREFIX}${id}`, revision: null, field: '(row)', problem: 'read_row_without_events' });
    }
    if (page.length < ROW_BATCH) return;
    after = page.at(-1)!.id;
  }
}

/**
 * The read row, waited for while the projection is still applying the order's newest events (a
 * verification just after a restart, or next to live traffic). Once one wait times out the
 * projection is taken as stuck, and later rows are compared as they are.
 */
async function caughtUpRow(
  deps: VerifyDeps,
  id: string,
  revision: bigint,
  row: OrderRow | undefined,
  behind: { stuck: boolean },
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

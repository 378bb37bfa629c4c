import { START, type Checkpoint, type StoredEvent } from '../../../eventstore/port.js';
import { type AuditProblem, type AuditVerifyReport } from '../../domain/index.js';
import { checkpointTrusted, latestCheckpoint } from './order-verification.js';
import { rowsWithoutEvents } from './rows-without-events.js';
import { SignedHeads } from './signed-heads.js';
import { verifyBatch, type BatchCounts, type VerifyDeps, type VerifyWalk } from './verify-batch.js';

/** Streams checked at once: what the walk holds (their events, replayed orders and rows) is this many streams'. */
const STREAMS_PER_BATCH = 500;

export interface VerifyStoreOptions {
  readonly streamsPerBatch?: number;
  /** Told after each batch what it held: the walk never keeps more than one batch's streams and orders. */
  readonly onBatch?: (batch: BatchCounts & { readonly streams: number }) => void;
}

interface StreamBatch {
  readonly streams: number;
  readonly events: readonly StoredEvent[];
  readonly next: Checkpoint;
}

/**
 * `npm run audit:verify` and POST /api/v1/audit/verify: walks the whole log a batch of streams at
 * a time, checking every stream's hash chain and revisions, the last signed checkpoint (each head it
 * signed must still be there with the same hash), replaying every order through `evolve` to compare
 * it with its read row, and checking every recorded file hash; then looks for read rows with no
 * events. Memory stays that of a batch (and the checkpoint's heads), whatever the store's size.
 * Each problem names stream, revision and field.
 */
export async function verifyStore(deps: VerifyDeps, options: VerifyStoreOptions = {}): Promise<AuditVerifyReport> {
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
  const walk: VerifyWalk = { deps, signed: new SignedHeads(trusted ? file!.heads : []), behind: { stuck: false }, problems };
  const totals = { streams: 0, events: 0, unchained: 0, orders: 0, files: 0, erased: 0 };
  const size = options.streamsPerBatch ?? STREAMS_PER_BATCH;
  // The next batch is read while this one is checked.
  let next = readBatch(deps, START, size);
  for (;;) {
    const batch = await next;
    if (batch.streams === 0) break;
    next = readBatch(deps, batch.next, size);
    next.catch(() => undefined); // met when awaited
    const counts = await verifyBatch(walk, batch.events);
    options.onBatch?.({ ...counts, streams: batch.streams });
    totals.streams += batch.streams;
    totals.events += counts.events;
    totals.unchained += counts.unchained;
    totals.orders += counts.orders;
    totals.files += counts.files;
    totals.erased += counts.erased;
  }
  problems.push(...walk.signed.missing());
  await rowsWithoutEvents(deps, totals.orders, problems);
  const durationMs = performance.now() - started;
  return {
    ok: problems.length === 0,
    streams: totals.streams,
    events: totals.events,
    unchained: totals.unchained,
    orders: totals.orders,
    files: totals.files,
    files_erased: totals.erased,
    checkpoint: logged ? { sequence: logged.sequence, taken_at: logged.taken_at, signature_valid: trusted } : null,
    problems,
    duration_ms: Math.round(durationMs),
    events_per_second: durationMs > 0 ? Math.round((totals.events / durationMs) * 1000) : totals.events,
  };
}

async function readBatch(deps: VerifyDeps, after: Checkpoint, size: number): Promise<StreamBatch> {
  const page = await deps.storedEvents.listStreams({ after, maxCount: size });
  const events = page.streamIds.length > 0 ? await deps.storedEvents.readStreams(page.streamIds) : [];
  return { streams: page.streamIds.length, events, next: page.next };
}

import type { StoredEvent } from '../../../eventstore/port.js';
import { ChainWalker } from '../../../eventstore/chain/index.js';
import { dataSubjectOf, orderStreamId, type AuditVerification, type OrderData } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { occurredAt } from '../stream-events.js';
import { FileStorage } from '../documents/storage.js';
import { loggedCheckpoints, readCheckpointFile, rootOfHeads, signatureValid, type CheckpointFile } from './checkpoint.js';
import type { ReplayedOrder } from './order-history.js';
import { replayedRow } from './replayed-row.js';
import { asErasureLeftIt, erasedAmong } from '../privacy/erased-subjects.js';
import { rowDifferences } from './row-comparison.js';

type VerifyDeps = Pick<AppDeps, 'db' | 'storedEvents' | 'auditSigner' | 'config' | 'ids'>;

export interface FileProblem {
  readonly uid: string;
  readonly problem: 'missing' | 'hash_differs';
}

/**
 * Files the order's events recorded a hash for, whose stored bytes are gone or no longer match;
 * a file whose bytes an erasure destroyed (stored_files.erased_at) is reported erased instead.
 */
export async function fileProblems(
  deps: Pick<AppDeps, 'db' | 'config' | 'ids'>,
  order: OrderData,
): Promise<{ checked: number; problems: FileProblem[]; erased: string[] }> {
  const hashed = Object.values(order.uploads).filter((file) => typeof file.sha256 === 'string');
  if (hashed.length === 0) return { checked: 0, problems: [], erased: [] };
  const rows = await deps.db
    .selectFrom('stored_files')
    .select(['uid', 'storage_name', 'erased_at'])
    .where(
      'uid',
      'in',
      hashed.map((file) => file.uid),
    )
    .execute();
  const storage = new FileStorage(deps.config.uploadDir, deps.ids);
  const stored = new Map(rows.map((row) => [row.uid, row]));
  const problems: FileProblem[] = [];
  const erased: string[] = [];
  for (const file of hashed) {
    const row = stored.get(file.uid);
    const actual = row ? await storage.sha256Of(row.storage_name) : null;
    if (actual === null && row?.erased_at) erased.push(file.uid);
    else if (actual === null) problems.push({ uid: file.uid, problem: 'missing' });
    else if (actual !== file.sha256) problems.push({ uid: file.uid, problem: 'hash_differs' });
  }
  return { checked: hashed.length - erased.length, problems, erased };
}

/** The newest signed checkpoint with its file of heads (null when none has been signed, or its file is gone). */
export async function latestCheckpoint(
  deps: Pick<AppDeps, 'storedEvents' | 'config'>,
): Promise<{ readonly file: CheckpointFile | null; readonly logged: CheckpointFile['body'] | null; readonly signature: string | null }> {
  const last = (await loggedCheckpoints(deps.storedEvents)).at(-1);
  if (!last) return { file: null, logged: null, signature: null };
  const file = await readCheckpointFile(deps, last.checkpoint.body.sequence);
  return { file, logged: last.checkpoint.body, signature: last.checkpoint.signature };
}

/** Whether the file is the checkpoint the log holds, signed by our key, and its heads give its root. */
export function checkpointTrusted(file: CheckpointFile | null, loggedRoot: string | null, publicKeyPem: string): boolean {
  return file !== null && file.body.root === loggedRoot && signatureValid(file, publicKeyPem) && rootOfHeads(file.heads) === file.body.root;
}

/**
 * What the audit finds about one order: its hash chain, the last signed checkpoint's head of its
 * stream, its read row against the replay, and its files against their recorded hashes.
 */
export async function verifyOrder(deps: VerifyDeps, orderId: string, { stored, steps }: ReplayedOrder): Promise<AuditVerification> {
  const streamId = orderStreamId(orderId);
  const walker = new ChainWalker();
  for (const event of stored) walker.feed(event);
  const first = walker.problems[0];
  const last = steps.at(-1)!;
  const order = last.after.context;
  const row = await deps.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  const asRowHoldsIt = asErasureLeftIt(order, await erasedAmong(deps.db, [dataSubjectOf(order)]));
  const replayed = replayedRow(asRowHoldsIt, last.stored.revision, occurredAt(steps[0]!.stored), occurredAt(last.stored));
  const differences = row ? rowDifferences(replayed, row) : ['(no row)'];
  return {
    chain: {
      intact: walker.problems.length === 0,
      broken_at: first ? first.revision.toString() : null,
      problem: first?.kind ?? null,
      unchained: walker.unchained,
    },
    checkpoint: await checkpointOfStream(deps, streamId, stored),
    projection: { matches: differences.length === 0, fields: differences },
    files: await fileProblems(deps, order),
  };
}

async function checkpointOfStream(
  deps: VerifyDeps,
  streamId: string,
  stored: readonly StoredEvent[],
): Promise<AuditVerification['checkpoint']> {
  const { file, logged } = await latestCheckpoint(deps);
  if (!logged) return null;
  const valid = checkpointTrusted(file, logged.root, deps.auditSigner.publicKeyPem);
  const head = file?.heads.find(([stream]) => stream === streamId);
  const atHead = head ? stored.find((event) => event.revision.toString() === head[1]) : undefined;
  return {
    sequence: logged.sequence,
    taken_at: logged.taken_at,
    signature_valid: valid,
    covers_revision: head ? head[1] : null,
    matches: valid && (head === undefined || (atHead !== undefined && (atHead.metadata['hash'] ?? 'unchained') === head[2])),
  };
}

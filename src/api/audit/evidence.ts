import { merklePath, storedHash } from '../../../eventstore/chain/index.js';
import { dataSubjectOf, orderStreamId } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { leafOf, takeCheckpoint, UNCHAINED, type CheckpointFile } from './checkpoint.js';
import { checkpointTrusted, latestCheckpoint } from './order-verification.js';
import type { ReplayedOrder } from './order-history.js';
import { asErasureLeftIt, erasedAmong } from '../privacy/erased-subjects.js';
import { PACK_FORMAT, type EvidencePack } from './pack-check.js';

type EvidenceDeps = Pick<AppDeps, 'db' | 'storedEvents' | 'auditSigner' | 'clock' | 'ids' | 'config'>;

/** The latest checkpoint when it is trusted and signs the stream's current head; otherwise a new one. */
async function coveringCheckpoint(deps: EvidenceDeps, streamId: string, headRevision: string, headHash: string): Promise<CheckpointFile> {
  const { file, logged } = await latestCheckpoint(deps);
  const head = file?.heads.find(([stream]) => stream === streamId);
  if (
    file &&
    logged &&
    checkpointTrusted(file, logged.root, deps.auditSigner.publicKeyPem) &&
    head?.[1] === headRevision &&
    head[2] === headHash
  )
    return file;
  return takeCheckpoint(deps);
}

/** The files among these whose bytes an erasure destroyed. */
async function filesErased(deps: EvidenceDeps, uids: readonly string[]): Promise<ReadonlySet<string>> {
  if (uids.length === 0) return new Set();
  const rows = await deps.db.selectFrom('stored_files').select('uid').where('uid', 'in', uids).where('erased_at', 'is not', null).execute();
  return new Set(rows.map((row) => row.uid));
}

/** The order's evidence pack (see pack-check.ts); signs a fresh checkpoint when the last one does not cover the order's newest event. */
export async function evidencePackOf(deps: EvidenceDeps, orderId: string, { stored: events, steps }: ReplayedOrder): Promise<EvidencePack> {
  const streamId = orderStreamId(orderId);
  const last = events.at(-1)!;
  const replayed = steps.at(-1)!.after.context;
  const order = asErasureLeftIt(replayed, await erasedAmong(deps.db, [dataSubjectOf(replayed)]));
  const erasedFiles = await filesErased(deps, Object.keys(order.uploads));
  const checkpoint = await coveringCheckpoint(deps, streamId, last.revision.toString(), storedHash(last.metadata) ?? UNCHAINED);
  const index = checkpoint.heads.findIndex(([stream]) => stream === streamId);
  return {
    format: PACK_FORMAT,
    order_id: orderId,
    stream: streamId,
    generated_at: deps.clock.now().toISOString(),
    events: events.map((event) => ({
      stream_id: event.streamId,
      revision: event.revision.toString(),
      id: event.id,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      recorded_at: event.recordedAt.toISOString(),
    })),
    files: Object.values(order.uploads).flatMap((file) =>
      file.sha256
        ? [{ uid: file.uid, name: file.name, size: file.size, sha256: file.sha256, ...(erasedFiles.has(file.uid) ? { erased: true } : {}) }]
        : [],
    ),
    checkpoint:
      index < 0
        ? null
        : {
            body: checkpoint.body,
            signature: checkpoint.signature,
            public_key: checkpoint.public_key,
            leaf: [...checkpoint.heads[index]!] as [string, string, string],
            index,
            path: merklePath(checkpoint.heads.map(leafOf), index),
          },
  };
}

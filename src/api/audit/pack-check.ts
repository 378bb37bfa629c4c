import { createPublicKey } from 'node:crypto';
import { ChainWalker, verifyMerklePath } from '../../../eventstore/chain/index.js';
import type { JsonObject, StoredEvent } from '../../../eventstore/port.js';
import { leafOf, signatureValid, type HeadEntry } from './checkpoint.js';
import { keyIdOf } from './signing-key.js';

export { PACK_FORMAT, evidencePack, type EvidencePack } from '../../domain/contract/audit.js';
import type { EvidencePack } from '../../domain/contract/audit.js';
import { evidencePack } from '../../domain/contract/audit.js';

export interface PackCheck {
  readonly ok: boolean;
  readonly problems: readonly string[];
  readonly notes: readonly string[];
}

const toStored = (event: EvidencePack['events'][number]): StoredEvent => ({
  streamId: event.stream_id,
  revision: BigInt(event.revision),
  id: event.id,
  type: event.type,
  data: event.data as JsonObject,
  metadata: event.metadata as JsonObject,
  checkpoint: '',
  recordedAt: new Date(event.recorded_at),
});

function chainProblems(pack: EvidencePack): string[] {
  const walker = new ChainWalker();
  const problems: string[] = [];
  for (const event of pack.events) {
    if (event.stream_id !== pack.stream) problems.push(`event ${event.id} belongs to stream ${event.stream_id}, not ${pack.stream}`);
    walker.feed(toStored(event));
  }
  for (const problem of walker.problems) {
    const what = {
      hash_mismatch: 'its hash does not match its contents and its predecessor',
      hash_missing: 'it carries no hash although the events before it do',
      revision_gap: `revision ${problem.expectedRevision} was expected here (an event is missing or out of order)`,
    }[problem.kind];
    problems.push(`${problem.streamId} revision ${problem.revision}: ${what}`);
  }
  if (walker.unchained > 0) problems.push(`${walker.unchained} event(s) carry no hash (stored before the chain): they are not covered`);
  return problems;
}

function checkpointProblems(pack: EvidencePack, trustedKeyPem: string | undefined, notes: string[]): string[] {
  const checkpoint = pack.checkpoint;
  if (!checkpoint) return ['no signed checkpoint covers this stream'];
  const problems: string[] = [];
  if (!signatureValid(checkpoint, checkpoint.public_key))
    problems.push(`checkpoint ${checkpoint.body.sequence}: the signature does not verify under the pack's public key`);
  if (trustedKeyPem) {
    if (keyIdOf(createPublicKey(trustedKeyPem)) !== keyIdOf(createPublicKey(checkpoint.public_key)))
      problems.push('the pack is signed with another key than the trusted one');
  } else {
    notes.push(
      `trusting the public key in the pack (key id ${checkpoint.body.key_id}); pass --key FILE to check it against the service's key`,
    );
  }
  const [stream, signedRevision, signedHash] = checkpoint.leaf as HeadEntry;
  if (stream !== pack.stream) problems.push(`the checkpoint leaf is about ${stream}, not ${pack.stream}`);
  const event = pack.events.find((candidate) => candidate.revision === signedRevision);
  if (!event) problems.push(`the checkpoint signed revision ${signedRevision} of ${stream}, which the pack does not hold (deleted?)`);
  else if (event.metadata['hash'] !== signedHash)
    problems.push(`revision ${signedRevision}: its hash differs from the one the checkpoint signed`);
  if (!verifyMerklePath(leafOf(checkpoint.leaf), checkpoint.index, checkpoint.body.streams, checkpoint.path, checkpoint.body.root)) {
    problems.push(`the Merkle path does not lead from the stream's head to the signed root of checkpoint ${checkpoint.body.sequence}`);
  }
  const newer = pack.events.filter((candidate) => BigInt(candidate.revision) > BigInt(signedRevision)).length;
  if (newer > 0) notes.push(`${newer} event(s) after revision ${signedRevision} are covered by the hash chain only (no checkpoint yet)`);
  return problems;
}

function fileProblems(pack: EvidencePack): string[] {
  const recorded = new Set(
    pack.events.flatMap((event) => {
      const file = event.type === 'FileUploaded' ? (event.data['file'] as { sha256?: unknown } | undefined) : undefined;
      return typeof file?.sha256 === 'string' ? [file.sha256] : [];
    }),
  );
  return pack.files
    .filter((file) => !recorded.has(file.sha256))
    .map((file) => `file ${file.uid} (${file.name}): its hash is not the one its event recorded`);
}

/** Checks a pack on its own: every problem says where, so a tampered pack says exactly what is wrong. */
export function checkPack(input: unknown, trustedKeyPem?: string): PackCheck {
  const parsed = evidencePack.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `not an evidence pack: ${issue.path.join('.') || '(root)'}: ${issue.message}`),
      notes: [],
    };
  }
  const pack = parsed.data;
  const notes: string[] = [];
  const problems = [...chainProblems(pack), ...checkpointProblems(pack, trustedKeyPem, notes), ...fileProblems(pack)];
  for (const file of pack.files)
    if (file.erased)
      notes.push(`file ${file.uid}: erased (its bytes were destroyed with the payer's personal data; its hash stays recorded)`);
  if (pack.events.length === 0) problems.push('the pack holds no events');
  return { ok: problems.length === 0, problems, notes };
}

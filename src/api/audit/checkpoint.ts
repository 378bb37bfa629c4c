import { createPublicKey, verify } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson, merkleRoot, storedHash } from '../../../eventstore/chain/index.js';
import { START, type Checkpoint, type EventStore, type JsonObject } from '../../../eventstore/port.js';
import { CHECKPOINT_STREAM, type CheckpointBody } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { SYSTEM_ACTOR, eventMeta, newEventOf } from '../recorded-events.js';
import { keyIdOf } from './signing-key.js';
import { streamEvents } from '../stream-events.js';

/** [stream, revision, hash] of a stream's last event; "unchained" for a stream of events from before the chain. */
export type HeadEntry = readonly [stream: string, revision: string, hash: string];

export interface SignedCheckpoint {
  readonly body: CheckpointBody;
  /** Ed25519 over the canonical form of the body, base64. */
  readonly signature: string;
  readonly public_key: string;
}

/** The file beside the log: the signed body and the heads it was computed from (sorted by stream). */
export interface CheckpointFile extends SignedCheckpoint {
  readonly heads: readonly HeadEntry[];
}

export const UNCHAINED = 'unchained';
export const leafOf = (head: HeadEntry): string => canonicalJson([...head]);
export const rootOfHeads = (heads: readonly HeadEntry[]): string => merkleRoot(heads.map(leafOf));
const byStream = (a: HeadEntry, b: HeadEntry) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Whether the signature over the body is valid under this public key (PEM), and the key is the one the body names. */
export function signatureValid(checkpoint: SignedCheckpoint, publicKeyPem: string): boolean {
  try {
    const key = createPublicKey(publicKeyPem);
    if (keyIdOf(key) !== checkpoint.body.key_id) return false;
    return verify(
      null,
      Buffer.from(canonicalJson(checkpoint.body as unknown as JsonObject), 'utf8'),
      key,
      Buffer.from(checkpoint.signature, 'base64'),
    );
  } catch {
    return false;
  }
}

type CheckpointDeps = Pick<AppDeps, 'storedEvents' | 'auditSigner' | 'clock' | 'ids' | 'config'>;

const fileName = (sequence: number) => `checkpoint-${String(sequence).padStart(8, '0')}.json`;
const checkpointDir = (deps: Pick<AppDeps, 'config'>) => path.resolve(deps.config.audit.dir, 'checkpoints');

export async function readCheckpointFile(deps: Pick<AppDeps, 'config'>, sequence: number): Promise<CheckpointFile | null> {
  try {
    return JSON.parse(await readFile(path.join(checkpointDir(deps), fileName(sequence)), 'utf8')) as CheckpointFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The signed checkpoints in the log, oldest first, with the revision each has in its stream. */
export async function loggedCheckpoints(
  store: EventStore,
): Promise<{ readonly revision: bigint; readonly checkpoint: SignedCheckpoint }[]> {
  const events = await streamEvents(store, CHECKPOINT_STREAM);
  return events.map((event) => {
    const { signature, public_key, ...body } = event.data as unknown as CheckpointBody & { signature: string; public_key: string };
    return { revision: event.revision, checkpoint: { body, signature, public_key } };
  });
}

/** The heads of every stream, carried on from a previous checkpoint's heads and log position. */
async function headsSince(store: EventStore, from: Checkpoint, previous: readonly HeadEntry[]) {
  const heads = new Map(previous.map((head) => [head[0], head]));
  let position = from;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ from: position, maxCount: 1000 });
    for (const event of page.events)
      heads.set(event.streamId, [event.streamId, event.revision.toString(), storedHash(event.metadata) ?? UNCHAINED]);
    events += page.events.length;
    if (page.events.length === 0) return { heads: [...heads.values()].sort(byStream), position, events };
    position = page.next;
  }
}

/**
 * Signs a checkpoint (DESIGN.md section 8): the heads of all streams, carried on from the last
 * checkpoint whose file is intact (else read from the start), folded into a Merkle root, signed,
 * written to the log and to a file. Two at once: one append wins, the other is refused as a
 * conflict and its file never takes its name.
 */
export async function takeCheckpoint(deps: CheckpointDeps): Promise<CheckpointFile & { readonly file: string }> {
  const logged = await loggedCheckpoints(deps.storedEvents);
  const last = logged.at(-1);
  const previousFile = last ? await readCheckpointFile(deps, last.checkpoint.body.sequence) : null;
  const usable =
    previousFile &&
    signatureValid(previousFile, deps.auditSigner.publicKeyPem) &&
    rootOfHeads(previousFile.heads) === previousFile.body.root;
  const since = await headsSince(deps.storedEvents, usable ? previousFile.body.log_position : START, usable ? previousFile.heads : []);
  const body: CheckpointBody = {
    sequence: (last?.checkpoint.body.sequence ?? 0) + 1,
    taken_at: deps.clock.now().toISOString(),
    log_position: since.position,
    streams: since.heads.length,
    events: (usable ? previousFile.body.events : 0) + since.events,
    root: rootOfHeads(since.heads),
    key_id: deps.auditSigner.keyId,
  };
  const signed: CheckpointFile = {
    body,
    signature: deps.auditSigner.sign(canonicalJson(body as unknown as JsonObject)),
    public_key: deps.auditSigner.publicKeyPem,
    heads: since.heads,
  };
  await mkdir(checkpointDir(deps), { recursive: true, mode: 0o700 });
  const file = path.join(checkpointDir(deps), fileName(body.sequence));
  const meta = eventMeta(deps, SYSTEM_ACTOR, new Date(body.taken_at));
  // Written aside first: the file takes its name only once the log has the checkpoint.
  const pending = `${file}.${meta.event_id}.pending`;
  await writeFile(pending, JSON.stringify(signed), { flag: 'wx', mode: 0o600 });
  try {
    await deps.storedEvents.append(
      CHECKPOINT_STREAM,
      [newEventOf({ type: 'CheckpointSigned', data: { ...body, signature: signed.signature, public_key: signed.public_key }, meta })],
      last?.revision ?? 'no_stream',
    );
  } catch (error) {
    await rm(pending, { force: true });
    throw error;
  }
  await rename(pending, file);
  return { ...signed, file };
}

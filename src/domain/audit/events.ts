import type { EventMetadata } from '../order/events.js';

type Fact<T extends string, D> = { readonly type: T; readonly data: D; readonly meta: EventMetadata };

/**
 * What the service signs (DESIGN.md section 8): the root of a Merkle tree over every stream's head
 * as of a position in the log. The signature is over the canonical form of this body.
 */
export interface CheckpointBody {
  readonly sequence: number;
  readonly taken_at: string;
  /** The log position up to which the heads were read (opaque, the adapter's). */
  readonly log_position: string;
  readonly streams: number;
  readonly events: number;
  readonly root: string;
  readonly key_id: string;
}

export type CheckpointSigned = Fact<'CheckpointSigned', CheckpointBody & { signature: string }>;
/** Events stored before the hash chain existed were chained once, in place. */
export type HashChainBackfilled = Fact<'HashChainBackfilled', { streams: number; events: number }>;
export type AuditEvent = CheckpointSigned | HashChainBackfilled;

export const AUDIT_STREAM_PREFIX = 'audit-';
export const CHECKPOINT_STREAM = 'audit-checkpoints';
export const CHAIN_BACKFILL_STREAM = 'audit-chain';

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

export const CHECKPOINT_STREAM = 'audit-checkpoints';
export const CHAIN_BACKFILL_STREAM = 'audit-chain';

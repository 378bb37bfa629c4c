import { EventStoreInputError, START, type Checkpoint } from '../port.js';

/** A place in the global order (transaction id, then position inside it). */
export interface GlobalPosition {
  readonly transactionId: bigint;
  readonly position: bigint;
}

/** Before every event: transaction ids and positions start above zero. */
const BEGINNING: GlobalPosition = { transactionId: 0n, position: 0n };

const FORMAT = /^(0|[1-9]\d*):(0|[1-9]\d*)$/;

export function encodeCheckpoint({ transactionId, position }: GlobalPosition): Checkpoint {
  return `${transactionId}:${position}`;
}

export function decodeCheckpoint(checkpoint: Checkpoint): GlobalPosition {
  if (checkpoint === START) return BEGINNING;
  const match = FORMAT.exec(checkpoint);
  if (!match) throw new EventStoreInputError(`Not a checkpoint of this event store: ${checkpoint}`);
  return { transactionId: BigInt(match[1] ?? ''), position: BigInt(match[2] ?? '') };
}

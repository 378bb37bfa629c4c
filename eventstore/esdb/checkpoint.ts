import type { Position } from '@eventstore/db-client';
import { EventStoreInputError, START, type Checkpoint } from '../port.js';

const FORMAT = /^C(0|[1-9]\d*)P(0|[1-9]\d*)$/;

/** An $all position as an opaque, JSON-safe string: C<commit>P<prepare>. */
export function encodePosition({ commit, prepare }: Position): Checkpoint {
  return `C${commit}P${prepare}`;
}

/** `undefined` for START. */
export function decodePosition(checkpoint: Checkpoint): Position | undefined {
  if (checkpoint === START) return undefined;
  const match = FORMAT.exec(checkpoint);
  if (!match) throw new EventStoreInputError(`Not a checkpoint of this event store: ${checkpoint}`);
  return { commit: BigInt(match[1] ?? ''), prepare: BigInt(match[2] ?? '') };
}

export const samePosition = (a: Position, b: Position): boolean => a.commit === b.commit && a.prepare === b.prepare;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePosition, encodePosition } from '../../eventstore/esdb/checkpoint.js';
import { EventStoreInputError, START } from '../../eventstore/port.js';

describe('EventStoreDB checkpoints', () => {
  it('carry any commit/prepare position through JSON unchanged', () => {
    const position = fc.record({ commit: fc.bigInt({ min: 0n, max: 2n ** 64n }), prepare: fc.bigInt({ min: 0n, max: 2n ** 64n }) });
    fc.assert(
      fc.property(position, (original) => {
        const json = JSON.stringify({ checkpoint: encodePosition(original) });
        expect(decodePosition((JSON.parse(json) as { checkpoint: string }).checkpoint)).toEqual(original);
      }),
    );
  });

  it('read START as the beginning and refuse anything else', () => {
    expect(decodePosition(START)).toBeUndefined();
    for (const foreign of ['', '12:34', 'C1', 'C01P2', 'C1P-2']) {
      expect(() => decodePosition(foreign)).toThrow(EventStoreInputError);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { merklePath, merkleRoot, verifyMerklePath } from '../../eventstore/chain/index.js';
import { canonicalJson } from '../../eventstore/chain/index.js';

describe('the Merkle tree of checkpoints', () => {
  it('proves every leaf against the root, and no other leaf, index or size', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 70 }), fc.nat(), fc.string(), (leaves, pick, other) => {
        const root = merkleRoot(leaves);
        const index = pick % leaves.length;
        const path = merklePath(leaves, index);
        expect(verifyMerklePath(leaves[index]!, index, leaves.length, path, root)).toBe(true);
        if (!leaves.includes(other)) expect(verifyMerklePath(other, index, leaves.length, path, root)).toBe(false);
        if (leaves.length > 1) {
          expect(verifyMerklePath(leaves[index]!, (index + 1) % leaves.length, leaves.length, path, root)).toBe(false);
          // (The size is not checked here: it is part of the signed checkpoint body.)
          const bent = path.map((hash, at) => (at === pick % path.length ? `${hash[0] === '0' ? '1' : '0'}${hash.slice(1)}` : hash));
          expect(verifyMerklePath(leaves[index]!, index, leaves.length, bent, root)).toBe(false);
        }
      }),
    );
  });

  it('writes one canonical form whatever the key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
        expect(JSON.parse(canonicalJson(object))).toEqual(object);
      }),
    );
  });
});

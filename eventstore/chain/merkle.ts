import { createHash } from 'node:crypto';

/**
 * A Merkle tree as RFC 9162 (Certificate Transparency) defines it: leaves hashed with a 0x00
 * prefix, inner nodes with 0x01, split at the largest power of two below the size. A checkpoint
 * signs the root of the tree over all stream heads; an evidence pack carries one head's audit
 * path, so one order is proven against the signed root without the other orders.
 */
const digest = (...parts: Uint8Array[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);

export const leafHash = (leaf: string): Buffer => digest(LEAF, Buffer.from(leaf, 'utf8'));
const nodeHash = (left: Buffer, right: Buffer): Buffer => digest(NODE, left, right);

/** The largest power of two strictly below n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function rootOf(hashes: readonly Buffer[]): Buffer {
  if (hashes.length === 0) return digest();
  if (hashes.length === 1) return hashes[0]!;
  const k = splitPoint(hashes.length);
  return nodeHash(rootOf(hashes.slice(0, k)), rootOf(hashes.slice(k)));
}

/** The root (hex) of the tree over these leaves, in the order given. */
export const merkleRoot = (leaves: readonly string[]): string => rootOf(leaves.map(leafHash)).toString('hex');

function pathOf(index: number, hashes: readonly Buffer[]): Buffer[] {
  if (hashes.length <= 1) return [];
  const k = splitPoint(hashes.length);
  return index < k
    ? [...pathOf(index, hashes.slice(0, k)), rootOf(hashes.slice(k))]
    : [...pathOf(index - k, hashes.slice(k)), rootOf(hashes.slice(0, k))];
}

/** The audit path (hex hashes, from the leaf up) that proves leaf `index` is in the tree. */
export function merklePath(leaves: readonly string[], index: number): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) throw new RangeError('No such leaf.');
  return pathOf(index, leaves.map(leafHash)).map((hash) => hash.toString('hex'));
}

/** RFC 9162 section 2.1.3.2: does this path lead from the leaf at `index` of `size` to `root`? */
export function verifyMerklePath(leaf: string, index: number, size: number, path: readonly string[], root: string): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leafHash(leaf);
  for (const hex of path) {
    if (!/^[0-9a-f]{64}$/.test(hex) || sn === 0) return false;
    const p = Buffer.from(hex, 'hex');
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && r.toString('hex') === root;
}

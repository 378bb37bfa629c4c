export { canonicalJson } from './canonical.js';
export { GENESIS_HASH, HASH_KEY, chainEvents, eventHash, sha256Hex, storedHash, withoutHash, type HashedFields } from './event-hash.js';
export { ChainWalker, type ChainProblem, type ChainProblemKind, type StreamHead } from './chain-walker.js';
export { merklePath, merkleRoot, verifyMerklePath } from './merkle.js';
export { withHashChain } from './chained-event-store.js';

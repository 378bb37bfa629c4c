export * from './payloads.js';
export * from './events.js';
export * from './ledger.js';
export * from './record-status.js';
export * from './outbound-numbers.js';
export * from './pieces-difference.js';

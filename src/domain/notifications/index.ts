export * from './kinds.js';
export * from './notice.js';
export * from './order-notices.js';
export * from './texts.js';
export * from './wording.js';

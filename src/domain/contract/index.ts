export * from './error-codes.js';
export * from './envelope.js';
export * from './session.js';
export * from './public.js';
export * from './order.js';
export * from './documents.js';
export * from './payments.js';
export * from './system.js';

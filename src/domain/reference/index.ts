export * from './events.js';
export * from './markups.js';
export * from './institution.js';
export * from './user-group.js';
export * from './approvals.js';
export * from './approval-decision.js';

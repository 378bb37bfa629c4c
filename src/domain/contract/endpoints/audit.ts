import { endpoint } from '../endpoint.js';
import {
  auditAsOfRequest,
  auditCheckpointView,
  auditLogFilter,
  auditLogPage,
  auditLogRequest,
  auditOrderAsOf,
  auditOrderHistory,
  auditOrderRequest,
  auditSettingsHistory,
  auditSettingsRequest,
  auditVerifyReport,
  evidencePack,
} from '../audit.js';
import { noBody } from './requests.js';

const read = { allow: ['audit.read'] } as const;
const run = { allow: ['audit.run'] } as const;

/** The audit trail: an order's and the settings' history from the log, evidence, checkpoints and the store's check. */
export const auditEndpoints = {
  orderHistory: endpoint({
    method: 'POST',
    path: '/api/v1/audit/order/history',
    access: read,
    body: auditOrderRequest,
    data: auditOrderHistory,
  }),
  orderAsOf: endpoint({ method: 'POST', path: '/api/v1/audit/order/asOf', access: read, body: auditAsOfRequest, data: auditOrderAsOf }),
  evidence: endpoint({ method: 'POST', path: '/api/v1/audit/order/evidence', access: read, body: auditOrderRequest, data: evidencePack }),
  settingsHistory: endpoint({
    method: 'POST',
    path: '/api/v1/audit/settings/history',
    access: read,
    body: auditSettingsRequest,
    data: auditSettingsHistory,
  }),
  /** Every event of every order, newest first (keyset paged), and the same as CSV. */
  log: endpoint({ method: 'POST', path: '/api/v1/audit/log', access: read, body: auditLogRequest, data: auditLogPage }),
  logCsv: endpoint({ method: 'GET', path: '/api/v1/audit/log.csv', access: read, kind: 'file', query: auditLogFilter }),
  checkpoint: endpoint({ method: 'POST', path: '/api/v1/audit/checkpoint', access: run, body: noBody, data: auditCheckpointView }),
  verify: endpoint({ method: 'POST', path: '/api/v1/audit/verify', access: run, body: noBody, data: auditVerifyReport }),
};

import { auditEndpoints } from './audit.js';
import { authEndpoints } from './auth.js';
import { externalEndpoints, fileEndpoints } from './external.js';
import { manageEndpoints } from './manage.js';
import { notificationEndpoints } from './notifications.js';
import { publicEndpoints } from './public.js';
import { receiptEndpoints } from './receipts.js';
import { reconciliationEndpoints } from './reconciliation.js';
import { OWN_ORDERS_PAGE, stepEndpoints } from './step.js';
import { warehouseEndpoints } from './warehouse.js';

export {
  auditEndpoints,
  authEndpoints,
  externalEndpoints,
  fileEndpoints,
  manageEndpoints,
  notificationEndpoints,
  publicEndpoints,
  receiptEndpoints,
  reconciliationEndpoints,
  OWN_ORDERS_PAGE,
  stepEndpoints,
  warehouseEndpoints,
};
export * from './requests.js';

/**
 * Every endpoint of the API, by area: the server registers each from here (`api/http/endpoint-route.ts`)
 * and the web calls each (`web/lib/api-client.ts`). The web imports one area's module (never this
 * one), so a page's bundle carries only the schemas it calls; what every page and the home page call
 * sits apart, in zod/mini (session.ts, institutions.ts).
 */
export const endpoints = {
  auth: authEndpoints,
  public: publicEndpoints,
  step: stepEndpoints,
  files: fileEndpoints,
  manage: manageEndpoints,
  reconciliation: reconciliationEndpoints,
  receipts: receiptEndpoints,
  audit: auditEndpoints,
  warehouse: warehouseEndpoints,
  notifications: notificationEndpoints,
  external: externalEndpoints,
} as const;

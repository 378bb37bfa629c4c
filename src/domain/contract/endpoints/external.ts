import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { webhookAnswer } from '../payments.js';

/**
 * Called by other servers, signed over the raw body (the handler checks the HMAC and reads the body
 * itself, so the schemas that document it live with the handler), and the file download.
 */
export const externalEndpoints = {
  paymentsWebhook: endpoint({ method: 'POST', path: '/api/v1/webhooks/payments', access: 'signed', kind: 'raw', data: webhookAnswer }),
  bankWebhook: endpoint({ method: 'POST', path: '/api/v1/webhooks/bank', access: 'signed', kind: 'raw', data: webhookAnswer }),
  partnerOrder: endpoint({
    method: 'POST',
    path: '/api/v1/partners/orders',
    access: 'signed',
    kind: 'raw',
    data: z.object({ id: z.string(), gic_order_id: z.string(), status: z.number().int() }),
  }),
};

/**
 * A stored document, always as a download: for the order's owner (bearer), staff who read orders,
 * or a holder of the order's active upload link (`?token=`).
 */
export const fileEndpoints = {
  download: endpoint({
    method: 'GET',
    path: '/api/v1/files/:uid',
    access: 'identified',
    kind: 'file',
    params: z.object({ uid: z.string().max(100) }),
    query: z.object({
      token: z.string().max(256).optional().describe("The order's upload-link token, for a holder of the link"),
    }),
  }),
};

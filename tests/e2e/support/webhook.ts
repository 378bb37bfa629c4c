import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNATURE_HEADER, signatureHeader } from '../../../src/api/payments/signature.js';

/** Posts a signed webhook, as README "Payments" describes it, keyed by the secret the server generated in its DATA_DIR. */
async function sendWebhook(baseUrl: string, dataDir: string, route: string, payload: Record<string, unknown>): Promise<unknown> {
  const secret = (await readFile(path.join(dataDir, 'secrets', 'webhook-secret'), 'utf8')).trim();
  const body = JSON.stringify({ id: `e2e-${randomUUID()}`, ...payload });
  const response = await fetch(new URL(route, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(secret, body, new Date()) },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the webhook ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** The provider's "payment.succeeded": money for the order (in full, or short when less is given). */
export const sendPaymentSucceeded = (baseUrl: string, dataDir: string, orderId: string, amountCny: string): Promise<unknown> =>
  sendWebhook(baseUrl, dataDir, '/api/v1/webhooks/payments', {
    type: 'payment.succeeded',
    order_id: orderId,
    payment_id: `pay-${randomUUID()}`,
    amount_cny: amountCny,
  });

/** The bank's "materials.requested" with its note: the order waits for more materials (13). */
export const sendMaterialsRequested = (baseUrl: string, dataDir: string, orderId: string, note: string): Promise<unknown> =>
  sendWebhook(baseUrl, dataDir, '/api/v1/webhooks/bank', { type: 'materials.requested', order_id: orderId, note });

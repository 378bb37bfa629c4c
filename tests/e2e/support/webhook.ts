import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNATURE_HEADER, signatureHeader } from '../../../src/api/payments/signature.js';

/**
 * Sends the provider's signed "payment.succeeded" webhook, as README "Payments" describes it,
 * keyed by the secret the server generated in its DATA_DIR.
 */
export async function sendPaymentSucceeded(baseUrl: string, dataDir: string, orderId: string, amountCny: string): Promise<unknown> {
  const secret = (await readFile(path.join(dataDir, 'secrets', 'webhook-secret'), 'utf8')).trim();
  const body = JSON.stringify({
    id: `e2e-${randomUUID()}`,
    type: 'payment.succeeded',
    order_id: orderId,
    payment_id: `pay-${randomUUID()}`,
    amount_cny: amountCny,
  });
  const response = await fetch(new URL('/api/v1/webhooks/payments', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(secret, body, new Date()) },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the payment webhook answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

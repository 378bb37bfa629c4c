import { createHmac, timingSafeEqual } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { CheckoutRequest } from './gateway.js';

/**
 * The sandbox checkout's reference: what to collect, signed, so a visitor cannot edit the amount
 * or the order in the URL. `<order id>.<amount in fen>.<method>.<MAC>`, kept short because it is a
 * single path parameter (the router refuses parameters over 100 characters); the MAC is 128 bits
 * of an HMAC-SHA256 under a key derived from the webhook secret for this one purpose.
 */
export interface CheckoutRef {
  readonly orderId: string;
  readonly amountCny: string;
  readonly method: 1 | 3;
}

const MAC_BYTES = 16;

const macOf = (secret: string, signed: string): Buffer =>
  createHmac('sha256', createHmac('sha256', secret).update('sandbox-checkout-ref').digest()).update(signed).digest().subarray(0, MAC_BYTES);

export function encodeCheckoutRef(secret: string, request: CheckoutRequest): string {
  const fen = new Decimal(request.amountCny).times(100).toFixed(0);
  const signed = `${request.orderId}.${fen}.${request.method}`;
  return `${signed}.${macOf(secret, signed).toString('base64url')}`;
}

/** The reference's content, or null when it was not signed by us or does not parse. */
export function decodeCheckoutRef(secret: string, ref: string): CheckoutRef | null {
  const cut = ref.lastIndexOf('.');
  if (cut < 0) return null;
  const signed = ref.slice(0, cut);
  const given = Buffer.from(ref.slice(cut + 1), 'base64url');
  const expected = macOf(secret, signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Signed by us, so well formed; the order id is whatever precedes the last two fields.
  const match = /^(.+)\.(\d+)\.([13])$/.exec(signed);
  if (!match) return null;
  return { orderId: match[1]!, amountCny: new Decimal(match[2]!).div(100).toFixed(2), method: match[3] === '1' ? 1 : 3 };
}

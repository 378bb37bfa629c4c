import { encodeCheckoutRef } from './checkout-ref.js';
import type { CheckoutRequest, PaymentGateway } from './gateway.js';

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
/** Fastify's router refuses longer path parameters (maxParamLength). */
const MAX_REF_LENGTH = 100;

/**
 * A gateway that needs no provider: the "hosted checkout" is a page of this app
 * (sandbox-routes.ts) whose buttons send the same signed webhook a provider would. The QR value of
 * a scan payment is the same URL, so scanning it opens that page on the phone.
 */
export function createSandboxGateway(publicBaseUrl: () => string, secret: string): PaymentGateway {
  const checkoutUrl = (request: CheckoutRequest) => {
    const ref = encodeCheckoutRef(secret, request);
    if (ref.length > MAX_REF_LENGTH) throw new Error(`Order id too long for a sandbox checkout reference: ${request.orderId}`);
    return `${publicBaseUrl()}${SANDBOX_CHECKOUT_PATH}/${ref}`;
  };
  return {
    createPayLink: (request) => Promise.resolve(checkoutUrl(request)),
    createScanPayment: (request) => Promise.resolve(checkoutUrl(request)),
  };
}

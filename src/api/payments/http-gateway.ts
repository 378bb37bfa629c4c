import { z } from 'zod';
import type { CheckoutRequest, PaymentGateway } from './gateway.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';

/**
 * The adapter to a real payment provider, spoken over one signed JSON call.
 *
 * Request: `POST <PAYMENT_GATEWAY_URL>`, `content-type: application/json`, header
 * `x-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the shared
 * webhook secret (the same scheme the provider uses for its webhooks to us), body:
 *
 *   { "merchant_order_id": "<order id>", "amount_cny": "1234.56", "channel": "pay_link" | "scan",
 *     "description": "…", "notify_url": "<PUBLIC_BASE_URL>/api/v1/webhooks/payments",
 *     "return_url": "<PUBLIC_BASE_URL>/order/<order id>" }
 *
 * Answer (2xx, JSON): `{ "checkout_url": "https://…" }` for "pay_link" (the hosted checkout page)
 * and `{ "qr_code": "…" }` for "scan" (the value the messenger app scans). Any other status, a
 * body of another shape, or no answer within the timeout is a PaymentGatewayError.
 */
export class PaymentGatewayError extends Error {
  override readonly name = 'PaymentGatewayError';
}

export interface HttpGatewayOptions {
  readonly url: string;
  readonly secret: string;
  /** Read per call: without PUBLIC_BASE_URL it is known only once the server listens. */
  readonly publicBaseUrl: () => string;
  /** How long to wait for the provider; a payer is waiting on the other side. Default 10 s. */
  readonly timeoutMs?: number;
  readonly now?: () => Date;
}

type Channel = 'pay_link' | 'scan';

const answers = {
  pay_link: z.object({ checkout_url: z.url({ protocol: /^https?$/ }) }).transform((answer) => answer.checkout_url),
  scan: z.object({ qr_code: z.string().min(1).max(2000) }).transform((answer) => answer.qr_code),
} satisfies Record<Channel, z.ZodType<string, unknown>>;

export function createHttpGateway(options: HttpGatewayOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());

  async function call(request: CheckoutRequest, channel: Channel): Promise<string> {
    const body = JSON.stringify({
      merchant_order_id: request.orderId,
      amount_cny: request.amountCny,
      channel,
      description: request.description,
      notify_url: `${options.publicBaseUrl()}/api/v1/webhooks/payments`,
      return_url: `${options.publicBaseUrl()}/order/${request.orderId}`,
    });
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(options.secret, body, now()) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new PaymentGatewayError(`The payment provider did not answer (${channel})`, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PaymentGatewayError(`The payment provider answered ${response.status} (${channel})`);
    }
    const answer = answers[channel].safeParse(await response.json().catch(() => null));
    if (!answer.success) throw new PaymentGatewayError(`The payment provider's answer has an unexpected shape (${channel})`);
    return answer.data;
  }

  return {
    createPayLink: (request) => call(request, 'pay_link'),
    createScanPayment: (request) => call(request, 'scan'),
  };
}

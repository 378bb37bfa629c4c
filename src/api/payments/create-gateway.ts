import type { Config } from '../../config.js';
import type { PaymentGateway } from './gateway.js';
import { createHttpGateway, type HttpGatewayOptions } from './http-gateway.js';
import { createSandboxGateway } from './sandbox-gateway.js';

/** The configured gateway: the local sandbox (default), or the provider behind PAYMENT_GATEWAY_URL. */
export function createPaymentGateway(
  config: Pick<Config, 'payments'>,
  webhookSecret: string,
  publicBaseUrl: () => string,
  httpOptions: Pick<HttpGatewayOptions, 'timeoutMs' | 'now'> = {},
): PaymentGateway {
  if (config.payments.gateway === 'sandbox') return createSandboxGateway(publicBaseUrl, webhookSecret);
  const url = config.payments.gatewayUrl;
  // loadConfig already refuses this; the check keeps a hand-built Config from failing later, per payer.
  if (!url) throw new Error('PAYMENT_GATEWAY_URL is required when PAYMENT_GATEWAY=http');
  return createHttpGateway({ url, secret: webhookSecret, publicBaseUrl, ...httpOptions });
}

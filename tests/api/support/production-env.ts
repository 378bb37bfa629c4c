import { auditSigningKeyFile } from './audit-key.js';

export const JWT_SECRET = 'jwt-secret-shared-by-every-server-0123456789';
export const WEBHOOK_SECRET = 'webhook-secret-shared-with-the-provider-0123';
export const PARTNER_SECRET = 'partner-secret-shared-with-the-partners-0123';

/** What NODE_ENV=production cannot default, in the order the configuration names them when they are missing. */
export const PRODUCTION_REQUIRED = [
  'PAYMENT_GATEWAY',
  'JWT_SECRET',
  'WEBHOOK_SECRET',
  'PARTNER_SECRET',
  'PUBLIC_BASE_URL',
  'AUDIT_SIGNING_KEY_FILE',
  'RECEIPT_SIGNING_KEY_FILE',
  'RESERVE_ACCOUNT_NAME',
  'RESERVE_ACCOUNT_NO',
  'RESERVE_BANK',
] as const;

/** A complete production environment (sandbox gateway), with a signing key file of its own at each call. */
export function productionEnv() {
  return {
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: 'sandbox',
    JWT_SECRET,
    WEBHOOK_SECRET,
    PARTNER_SECRET,
    PUBLIC_BASE_URL: 'https://pay.example.com',
    AUDIT_SIGNING_KEY_FILE: auditSigningKeyFile(),
    RECEIPT_SIGNING_KEY_FILE: auditSigningKeyFile(),
    RESERVE_ACCOUNT_NAME: 'Overseas Pay Reserve',
    RESERVE_ACCOUNT_NO: '1100 2233 4455',
    RESERVE_BANK: 'ICBC Beijing',
  };
}

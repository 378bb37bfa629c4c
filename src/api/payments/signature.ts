import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a webhook (and of our own calls to the provider): header
 * `x-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the shared
 * webhook secret. The timestamp is inside the MAC, so an old request cannot be replayed with a
 * fresh `t`, and the receiver refuses any `t` further than five minutes from its clock.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const SHA256_HEX = /^[0-9a-f]{64}$/i;

const macOf = (secret: string, timestamp: string, rawBody: string): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();

/** The header value that signs `rawBody` at `now`. */
export function signatureHeader(secret: string, rawBody: string, now: Date): string {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return `t=${timestamp},v1=${macOf(secret, timestamp, rawBody).toString('hex')}`;
}

interface ParsedHeader {
  readonly timestamp: string;
  /** Several v1 values are allowed, so a provider can sign with an old and a new key while rotating. */
  readonly macs: readonly string[];
}

function parseHeader(header: string): ParsedHeader | null {
  let timestamp: string | null = null;
  const macs: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (value === undefined || rest.length > 0) return null;
    if (key === 't') timestamp = value;
    if (key === 'v1') macs.push(value);
  }
  return timestamp !== null && /^\d{1,12}$/.test(timestamp) && macs.length > 0 ? { timestamp, macs } : null;
}

/** True when the header signs exactly this raw body with the secret, within the tolerance of `now`. */
export function verifySignature(secret: string, header: string | undefined, rawBody: string, now: Date): boolean {
  const parsed = header ? parseHeader(header) : null;
  if (!parsed) return false;
  const ageSeconds = Math.abs(now.getTime() / 1000 - Number(parsed.timestamp));
  if (ageSeconds > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = macOf(secret, parsed.timestamp, rawBody);
  // Every candidate is compared in constant time; the hex check keeps lengths equal first.
  return parsed.macs.some((mac) => SHA256_HEX.test(mac) && timingSafeEqual(Buffer.from(mac, 'hex'), expected));
}

/**
 * The order number people read, say on the phone and search by: the day the order was created in
 * China (UTC+8, no daylight saving) and a sequence, e.g. "20261126-000042". The UUID stays the id.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** "YYYYMMDD" of an ISO instant in China time; null when it is no instant. */
function chinaDay(isoInstant: string): string | null {
  const ms = Date.parse(isoInstant);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/** The number of an order created at `isoInstant` with the `sequence`-th number handed out (1 and up). */
export function orderNumber(isoInstant: string, sequence: number): string | null {
  const day = chinaDay(isoInstant);
  if (day === null || !Number.isSafeInteger(sequence) || sequence < 1) return null;
  return `${day}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Orders created before numbers were handed out: the day and the id's first eight characters, so a
 * replay gives every one of them the same number each time (migration 0017 wrote the same).
 */
export const legacyOrderNumber = (orderId: string, isoInstant: string): string =>
  `${chinaDay(isoInstant) ?? '00000000'}-${orderId.slice(0, 8).toUpperCase()}`;

export const isOrderNumber = (value: string): boolean => /^\d{8}-[0-9A-Z]{6,}$/.test(value);

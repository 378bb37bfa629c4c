/** Postgres type oid of int8 (bigint, bigserial). */
export const INT8_OID = 20;

/** Parser that keeps int8 as its decimal text, so no value past 2^53 is rounded on the way in. */
export function keepText(value: string): string {
  return value;
}

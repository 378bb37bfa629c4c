import type { JsonValue } from '../port.js';

/**
 * The one byte form of a JSON value that hashes and signatures are computed over: object keys
 * sorted by UTF-16 code units (as RFC 8785 does), no whitespace, strings and numbers as
 * JSON.stringify writes them. Stores reorder keys (jsonb) and drop whitespace; this form does not
 * depend on either. Undefined members are left out, as JSON would.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('A JSON number must be finite.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`);
  return `{${members.join(',')}}`;
}

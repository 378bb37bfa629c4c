import type { OrderRow } from '../../database/schema.js';
import { normalizeAmount } from '../../domain/index.js';
import { canonicalJson } from '../../../eventstore/chain/index.js';
import type { JsonValue } from '../../../eventstore/port.js';
import { changedFields } from './changes.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** One column's value in a form where equal values compare equal (decimals, instants, JSON). */
function comparable(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `date:${value.getTime()}`;
  if (typeof value === 'string') return DECIMAL.test(value) ? `decimal:${normalizeAmount(value)}` : `text:${value}`;
  if (typeof value === 'number' || typeof value === 'bigint') return `decimal:${normalizeAmount(String(value))}`;
  if (typeof value === 'boolean') return `bool:${value}`;
  return `json:${canonicalJson(JSON.parse(JSON.stringify(value)) as JsonValue)}`;
}

/**
 * The columns (and, inside the machine state, the fields) where the read row differs from the row a
 * replay gives. Names only: the values may be personal.
 */
export function rowDifferences(replayed: OrderRow, actual: OrderRow): string[] {
  const fields: string[] = [];
  for (const column of Object.keys(replayed) as (keyof OrderRow)[]) {
    if (column === 'state') {
      fields.push(...changedFields(replayed.state, actual.state).map((change) => `state.${change.field}`));
    } else if (comparable(replayed[column]) !== comparable(actual[column])) {
      fields.push(column);
    }
  }
  return fields;
}

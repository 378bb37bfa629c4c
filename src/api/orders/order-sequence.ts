import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';

/**
 * The next order sequence number (migration 0017's order_no_seq), for the readable order number.
 * A sequence never hands out a number twice, even to creates that are refused afterwards: a gap in
 * the numbers is harmless, a repeated number is not.
 */
export async function nextOrderSequence(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ next: string | number }>`select nextval('order_no_seq') as next`.execute(db);
  return Number(rows[0]!.next);
}

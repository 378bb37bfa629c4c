import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';

/** Numbers taken from the sequence at once, as PostgreSQL's own `cache` option would per session. */
const BLOCK = 50;

interface Block {
  readonly numbers: number[];
  refill?: Promise<void>;
}

const blocks = new WeakMap<Kysely<DB>, Block>();

/**
 * The next order sequence number (migration 0017's order_no_seq), for the readable order number.
 * A sequence never hands out a number twice, even to creates that are refused afterwards: a gap in
 * the numbers is harmless, a repeated number is not. Numbers are taken BLOCK at a time, so a create
 * costs no round trip of its own; the price is what a sequence's cache costs: the numbers a process
 * had not used when it stopped are a gap, and two processes' numbers interleave out of time order.
 */
export async function nextOrderSequence(db: Kysely<DB>): Promise<number> {
  let block = blocks.get(db);
  if (!block) blocks.set(db, (block = { numbers: [] }));
  while (block.numbers.length === 0) {
    block.refill ??= refill(db, block).finally(() => (block.refill = undefined));
    await block.refill;
  }
  return block.numbers.shift()!;
}

async function refill(db: Kysely<DB>, block: Block): Promise<void> {
  const { rows } = await sql<{ next: string | number }>`
    select nextval('order_no_seq') as next from generate_series(1, ${BLOCK}) order by 1`.execute(db);
  block.numbers.push(...rows.map((row) => Number(row.next)));
}

import type { FastifyReply } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../database/schema.js';
import { message } from '../../../domain/index.js';
import { HttpError } from '../../http/errors.js';

/**
 * Wrong second-factor codes are counted per account (not per address: an attacker with the
 * password may come from many). After MAX_FAILURES in the window the account's second step
 * answers 429 until the window ends, whatever the code. Counted in rate_limits, so across processes.
 */
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;

const keyOf = (userId: number) => `mfa-failures:${userId}`;

/** 429 (with Retry-After) while the account has used up its wrong codes. */
export async function requireAttemptsLeft(db: Kysely<DB>, userId: number, reply: FastifyReply): Promise<void> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', sql<number>`greatest(0, ceil(extract(epoch from reset_at - now())))::integer`.as('ttl')])
    .where('key', '=', keyOf(userId))
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (row && row.count >= MAX_FAILURES) {
    void reply.header('retry-after', String(row.ttl));
    throw new HttpError('rate_limited', message('http.tooManyRequests'));
  }
}

/** Counts one wrong code (the window starts at the first). */
export async function countFailure(db: Kysely<DB>, userId: number): Promise<void> {
  await sql`
    insert into rate_limits (key, count, reset_at) values (${keyOf(userId)}, 1, now() + ${WINDOW_MS} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`.execute(db);
}

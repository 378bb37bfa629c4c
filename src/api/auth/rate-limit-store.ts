import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';

/** Roughly one hit in this many also clears windows that have ended. */
const SWEEP_EVERY = 200;

/**
 * @fastify/rate-limit's counters in the database, so a limit holds across every server process
 * (a login guessed on three processes at once counts once). One statement per hit: the window
 * starts at the first hit and the database's clock decides when it ends.
 */
export function databaseRateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    /** The plugin constructs the store with its options object: only a child names its own prefix. */
    private readonly prefix: string;
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const fullKey = this.prefix + key;
      void sql<{ count: number; ttl: number }>`
        insert into rate_limits (key, count, reset_at) values (${fullKey}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::integer as ttl`
        .execute(db)
        .then(
          ({ rows }) => {
            callback(null, { current: rows[0]!.count, ttl: rows[0]!.ttl });
            if (Math.random() * SWEEP_EVERY < 1)
              void db
                .deleteFrom('rate_limits')
                .where('reset_at', '<', sql<Date>`now()`)
                .execute()
                .catch(() => undefined);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    /**
     * Each route's limit counts on its own: keyed by the route's method and URL, or, for a limiter
     * made by hand (`createRateLimit`, which has no route), by the `groupId` it was given.
     */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo: route, groupId } = routeOptions as { routeInfo?: { method?: string; url?: string }; groupId?: string };
      const name = route?.method && route.url ? `${route.method}${route.url}` : groupId;
      if (!name) throw new Error('a rate limit without a route needs a groupId');
      return new DatabaseStore(`${this.prefix}${name}:`);
    }
  }
  return DatabaseStore;
}

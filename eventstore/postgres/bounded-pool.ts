import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { preparedNameOf } from './prepared.js';

/** What a statement that got no answer in time fails with (classified as "database unavailable"). */
export class DatabaseTimeoutError extends Error {
  override readonly name = 'DatabaseTimeoutError';
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`Database did not answer within ${ms} ms`);
  }
}

/**
 * A pool whose statements give up after `ms` (none: they wait). A server that accepts and then
 * never answers (stopped, or a network that drops packets) would otherwise hold every request and,
 * one by one, every connection of the pool, for ever. On time-out the connection is cut, so the
 * statement fails at once through pg's own error path and the pool drops the client when it is
 * released. A statement marked with preparedAs (prepared.ts) is sent as a named statement.
 */
export function boundedPool(pool: pg.Pool, ms: number | undefined): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return { query: boundedQuery(client, ms), release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

function boundedQuery(client: pg.PoolClient, ms: number | undefined): PostgresPoolClient['query'] {
  function query(sql: string, parameters: readonly unknown[]): Promise<unknown> {
    const name = preparedNameOf(sql);
    const answer = name === undefined ? client.query(sql, [...parameters]) : client.query({ name, text: sql, values: [...parameters] });
    return ms === undefined ? answer : inTime(answer, client, ms);
  }
  // Kysely streams through a cursor object only where it was configured to (it is not here).
  return ((sqlOrCursor: unknown, parameters?: readonly unknown[]) =>
    typeof sqlOrCursor === 'string'
      ? query(sqlOrCursor, parameters ?? [])
      : client.query(sqlOrCursor as never)) as PostgresPoolClient['query'];
}

function inTime<T>(answer: Promise<T>, client: pg.PoolClient, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new DatabaseTimeoutError(ms));
      cutConnection(client);
    }, ms);
  });
  answer.catch(() => undefined); // after a time-out nobody listens any more
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

function cutConnection(client: pg.PoolClient): void {
  // pg keeps the socket on `connection.stream`; destroying it ends the client as a lost connection.
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  stream?.destroy();
}

import { sql, type CompiledQuery, type RawBuilder } from 'kysely';

/** A lower-case SQL identifier: safe to write into a statement's text as it is. */
const SQL_NAME = '[a-z_][a-z0-9_]*';
const PREPARED = new RegExp(`^/\\* prepared (${SQL_NAME}) \\*/`);
const WHOLE_SQL_NAME = new RegExp(`^${SQL_NAME}$`);

export const isSqlName = (name: string): boolean => WHOLE_SQL_NAME.test(name);

function markerOf(name: string): string {
  if (!isSqlName(name)) throw new Error(`Not a prepared statement's name: ${name}`);
  return `/* prepared ${name} */`;
}

/**
 * Put in front of a hot statement whose text never changes: the bounded pool (bounded-pool.ts)
 * sends it as a statement named `name`, which PostgreSQL parses and plans once per connection
 * instead of on every call. On PGlite it is only a comment.
 */
export const preparedAs = (name: string): RawBuilder<unknown> => sql.raw(markerOf(name));

/** A query compiled once, marked as preparedAs marks a statement. */
export const preparedQuery = <R>(name: string, query: CompiledQuery<R>): CompiledQuery<R> => ({
  ...query,
  sql: `${markerOf(name)}\n${query.sql}`,
});

/** The name a statement asks to be prepared under (preparedAs), if any. */
export const preparedNameOf = (text: string): string | undefined => PREPARED.exec(text)?.[1];

import type { CompiledQuery } from 'kysely';

/** A parameter as an SQL literal: `explain` plans a statement's text, which cannot carry `$n` parameters. */
const literal = (value: unknown): string =>
  value instanceof Date
    ? `'${value.toISOString()}'::timestamptz`
    : typeof value === 'number' || typeof value === 'bigint'
      ? String(value)
      : `'${String(value).replace(/'/g, "''")}'`;

/** A compiled query's SQL with its parameters written in as literals, for `explain`. */
export const inlinedSql = (compiled: CompiledQuery): string =>
  compiled.sql.replace(/\$(\d+)/g, (_, n: string) => literal(compiled.parameters[Number(n) - 1]));

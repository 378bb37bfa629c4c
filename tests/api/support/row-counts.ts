import { sql } from 'kysely';
import type { DB } from '../../../src/database/schema.js';
import type { TestApp } from './test-app.js';

/** Every table a request could write to; a refused request must leave all of them as they were. */
export const WRITABLE_TABLES = [
  'es_events',
  'orders',
  'users',
  'stored_files',
  'webhook_receipts',
  'password_resets',
  'settings',
  'resources',
] as const satisfies readonly (keyof DB)[];

/**
 * A fingerprint of each table's whole content (row count and a hash of every row), to compare
 * before and after a request: an insert, a delete or a changed value all show.
 */
export async function rowCounts(
  t: TestApp,
  tables: readonly (typeof WRITABLE_TABLES)[number][] = WRITABLE_TABLES,
): Promise<Record<string, string>> {
  const prints = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<{ print: string }>`
        select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print
        from ${sql.table(table)} t`.execute(t.deps.db);
      return [table, rows[0]!.print] as const;
    }),
  );
  return Object.fromEntries(prints);
}

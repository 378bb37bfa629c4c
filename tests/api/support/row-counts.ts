import type { DB } from '../../../src/projections/schema.js';
import type { TestApp } from './test-app.js';

/** Every table a request could write to; a refused request must leave all of them as they were. */
export const WRITABLE_TABLES = ['es_events', 'orders', 'users', 'stored_files', 'webhook_receipts', 'password_resets', 'settings', 'resources'] as const satisfies readonly (keyof DB)[];

/** Row counts of the given tables, to compare before and after a request. */
export async function rowCounts(t: TestApp, tables: readonly (typeof WRITABLE_TABLES)[number][] = WRITABLE_TABLES): Promise<Record<string, number>> {
  const counts = await Promise.all(
    tables.map(async (table) => {
      const row = await t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts);
}

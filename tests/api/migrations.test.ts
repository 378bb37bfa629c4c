import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../eventstore/postgres/index.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL, type FreshPostgresDatabase } from '../eventstore/helpers/fresh-postgres.js';
import { migrateAppDown, migrateToLatest } from '../../src/database/migrate.js';
import type { DB } from '../../src/database/schema.js';
import { ENGINES } from './support/test-app.js';

type Rows = readonly Record<string, unknown>[];

/** Every part of the public schema, each as sorted rows, read from information_schema and pg_catalog. */
const SCHEMA_PARTS = {
  tables: sql`select table_name, table_type from information_schema.tables where table_schema = 'public'`,
  columns: sql`
    select table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale,
           is_nullable, column_default, is_identity, identity_generation, is_generated, generation_expression
    from information_schema.columns where table_schema = 'public'`,
  indexes: sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`,
  constraints: sql`
    select c.conrelid::regclass::text as on_table, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'`,
  functions: sql`
    select p.proname, pg_get_function_identity_arguments(p.oid) as arguments, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prokind = 'f'`,
  triggers: sql`
    select t.tgrelid::regclass::text as on_table, t.tgname, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal`,
  sequences: sql`
    select sequence_name, data_type, start_value, minimum_value, maximum_value, increment, cycle_option
    from information_schema.sequences where sequence_schema = 'public'`,
  views: sql`select table_name, view_definition from information_schema.views where table_schema = 'public'`,
};

const sortedRows = (rows: Rows): string[] => rows.map((row) => JSON.stringify(row)).sort();

async function schemaSnapshot(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const [part, query] of Object.entries(SCHEMA_PARTS)) snapshot[part] = sortedRows((await query.execute(db)).rows as Rows);
  return snapshot;
}

const appTables = async (db: Kysely<DB>) =>
  (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_name not like 'es\\_%' and table_name not like 'kysely\\_%'
      order by 1`.execute(db)
  ).rows.map((row) => row.name);

/** The application's migrations run up, all the way down, and up again, leaving the same schema. */
describe.each(ENGINES)('application migrations on %s', (engine) => {
  let database: Database<DB>;
  let fresh: FreshPostgresDatabase | undefined;

  beforeAll(async () => {
    if (engine === 'pglite') database = await createDatabase<DB>({ kind: 'pglite' });
    else {
      fresh = await createFreshPostgresDatabase(TEST_DATABASE_URL!);
      database = await createDatabase<DB>({ kind: 'postgres', connectionString: fresh.connectionString });
    }
    // Starting PGlite takes long on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('go up, down and up again, leaving the same schema: columns, indexes, constraints, functions, triggers, sequences', async () => {
    await migrateToLatest(database.db);
    const first = await schemaSnapshot(database.db);
    expect(await appTables(database.db)).toEqual(expect.arrayContaining(['orders', 'order_history', 'users', 'webhook_receipts']));
    expect(first['columns']!.some((column) => column.includes('"webhook_receipts"') && column.includes('"payload"'))).toBe(true);
    expect(first['indexes']!.length).toBeGreaterThan(0);

    await migrateAppDown(database.db);
    expect(await appTables(database.db)).toEqual([]);

    await migrateToLatest(database.db);
    expect(await schemaSnapshot(database.db)).toEqual(first);
  });
});

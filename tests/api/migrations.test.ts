import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../eventstore/postgres/index.js';
import { migrateAppDown, migrateToLatest } from '../../src/database/migrate.js';
import type { DB } from '../../src/database/schema.js';

/** The application's migrations run up, all the way down, and up again on a fresh database. */
describe('application migrations', () => {
  let database: Database<DB>;

  beforeAll(async () => {
    database = await createDatabase<DB>({ kind: 'pglite' });
  });
  afterAll(async () => database?.close());

  const appTables = async () =>
    (
      await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_name not like 'es\\_%' and table_name not like 'kysely\\_%'
        order by 1`.execute(database.db)
    ).rows.map((row) => row.name);
  const receiptColumns = async () =>
    (
      await sql<{ name: string }>`
        select column_name as name from information_schema.columns where table_name = 'webhook_receipts' order by 1`.execute(database.db)
    ).rows.map((row) => row.name);

  it('go up, down and up again, leaving the same tables', async () => {
    await migrateToLatest(database.db);
    const tables = await appTables();
    expect(tables).toEqual(expect.arrayContaining(['orders', 'order_history', 'users', 'webhook_receipts']));
    expect(await receiptColumns()).toContain('payload');

    await migrateAppDown(database.db);
    expect(await appTables()).toEqual([]);

    await migrateToLatest(database.db);
    expect(await appTables()).toEqual(tables);
    expect(await receiptColumns()).toContain('payload');
  });
});

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, createPostgresEventStore, preparedAs, type EventStoreTables } from '../../eventstore/postgres/index.js';
import { newEvent, uniqueName } from './helpers/events.js';
import { TEST_DATABASE_URL } from './helpers/fresh-postgres.js';
import { migratedEventStoreDatabase } from './helpers/migrated-postgres.js';

if (!TEST_DATABASE_URL) console.info('Prepared statements on PostgreSQL: skipped: TEST_DATABASE_URL not set');

const fresh = migratedEventStoreDatabase();
afterAll(fresh.drop);

/** The statements prepared on the pool's one connection. */
const preparedNames = async (db: Awaited<ReturnType<typeof openOneConnection>>['db']) =>
  (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)).rows.map((row) => row.name);

// One connection, so every statement meets the same session's prepared statements.
const openOneConnection = async () =>
  createDatabase<EventStoreTables>({
    kind: 'postgres',
    connectionString: await fresh.connectionString(),
    poolSize: 1,
    queryTimeoutMs: 5_000,
  });

describe.skipIf(!TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  it('a statement marked preparedAs is parsed once per connection under its name and answers for each call', async () => {
    const database = await openOneConnection();
    try {
      const plusOne = (n: number) => sql<{ n: number }>`${preparedAs('probe_plus_one')} select ${n}::int + 1 as n`.execute(database.db);
      expect((await plusOne(1)).rows).toEqual([{ n: 2 }]);
      expect((await plusOne(41)).rows).toEqual([{ n: 42 }]);
      await sql`select 1`.execute(database.db);
      expect(await preparedNames(database.db)).toEqual(['probe_plus_one']);
    } finally {
      await database.close();
    }
  });

  it("a command's append with its projection in one statement is prepared, and each append still lands and projects", async () => {
    const database = await openOneConnection();
    const store = createPostgresEventStore({ database, ownsDatabase: true });
    try {
      await sql`create table if not exists probe_projected (stream_revision bigint, argument jsonb)`.execute(database.db);
      await sql`create or replace function probe_project(p_last bigint, p jsonb) returns boolean language sql as $fn$
        insert into probe_projected values (p_last, p) returning true $fn$`.execute(database.db);
      const stream = uniqueName('prepared');
      const projection = (step: number) => ({ functionName: 'probe_project', argument: { step } });
      await store.appendAndProjectInStatement(stream, [newEvent()], 'no_stream', projection(1));
      const second = await store.appendAndProjectInStatement(stream, [newEvent()], 0n, projection(2));
      expect(second).toEqual({ nextExpectedRevision: 1n, projected: true });
      const rows = await sql<{
        stream_revision: string;
        argument: unknown;
      }>`select * from probe_projected order by stream_revision`.execute(database.db);
      expect(rows.rows.map((row) => [String(row.stream_revision), row.argument])).toEqual([
        ['0', { step: 1 }],
        ['1', { step: 2 }],
      ]);
      expect(await preparedNames(database.db)).toEqual(['append_probe_project']);
    } finally {
      await store.close();
    }
  });

  it('refuses a name that could not be a statement name', () => {
    expect(() => preparedAs('drop table x; --')).toThrow(/Not a prepared statement's name/);
  });
});

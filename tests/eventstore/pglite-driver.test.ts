import { sql, type Kysely } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../eventstore/postgres/index.js';
import { sleep } from './helpers/wait.js';

interface CounterTables {
  counter: { id: number; value: number };
}

// One PGlite instance at a time in this file, kept in a temporary data folder.
describe('PGlite Kysely driver', () => {
  let dataDir: string;
  let database: Database<CounterTables>;
  let db: Kysely<CounterTables>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'es-pglite-'));
    database = await createDatabase<CounterTables>({ kind: 'pglite', dataDir });
    db = database.db;
    await sql`create table counter (id int primary key, value int not null)`.execute(db);
    await db.insertInto('counter').values({ id: 1, value: 0 }).execute();
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const readValue = async (executor: Kysely<CounterTables>) =>
    (await executor.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow()).value;

  it('runs concurrent transactions one after the other, never interleaved', async () => {
    const log: string[] = [];
    const increment = (name: string) =>
      db.transaction().execute(async (trx) => {
        log.push(`${name}:begin`);
        const value = await readValue(trx);
        await sleep(30); // without the mutex, the others would read the same value meanwhile
        await trx
          .updateTable('counter')
          .set({ value: value + 1 })
          .where('id', '=', 1)
          .execute();
        log.push(`${name}:commit`);
      });
    const before = await readValue(db);
    await Promise.all([increment('a'), increment('b'), increment('c')]);
    expect(log).toEqual(['a:begin', 'a:commit', 'b:begin', 'b:commit', 'c:begin', 'c:commit']);
    expect(await readValue(db)).toBe(before + 3);
  });

  it('keeps a plain query out of an open transaction and frees the connection after a rollback', async () => {
    const before = await readValue(db);
    let seenOutside: number | undefined;
    const failing = db.transaction().execute(async (trx) => {
      await trx.updateTable('counter').set({ value: 1000 }).where('id', '=', 1).execute();
      // Issued while the transaction is open: must neither see its write nor run inside it.
      void readValue(db).then((value) => (seenOutside = value));
      await sleep(30);
      throw new Error('roll back');
    });
    await expect(failing).rejects.toThrow('roll back');
    await sleep(5);
    expect(seenOutside).toBe(before);
    expect(await readValue(db)).toBe(before);
  });

  it('keeps data in its folder across a reopen, with int8 as text', async () => {
    const { rows } = await sql<{ big: unknown }>`select 9007199254740993::int8 as big`.execute(db);
    expect(rows[0]?.big).toBe('9007199254740993');
    const value = await readValue(db);
    await database.close();
    database = await createDatabase<CounterTables>({ kind: 'pglite', dataDir });
    db = database.db;
    expect(await readValue(db)).toBe(value);
  });
});

import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../database/schema.js';

/** The tables a rebuild writes row by row whose secondary indexes it drops meanwhile. */
const REBUILT_TABLES = ['orders', 'order_history', 'order_search_terms'];

/**
 * Drops the rebuilt tables' secondary indexes (not unique ones: the writes' ON CONFLICT and the
 * row guards need those) and their foreign keys, recording each definition in the same transaction
 * (migration 0046): maintaining a dozen indexes per row was most of a rebuild's write, and one sort
 * per index at the end is cheaper; a search term's foreign key looked its order up, and locked it,
 * once per term (a dozen per order), where checking it again at the end is one join. Those a
 * killed rebuild dropped are already on record and gone.
 */
export async function dropSecondaryIndexes(trx: Transaction<DB>): Promise<void> {
  const dropped = [...(await secondaryIndexes(trx)), ...(await foreignKeys(trx))];
  if (dropped.length === 0) return;
  await trx
    .insertInto('rebuild_dropped_indexes')
    .values(dropped.map(({ name, definition }) => ({ name, definition })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  for (const { drop } of dropped) await drop.execute(trx);
}

interface Dropped {
  readonly name: string;
  /** The statement that creates it again. */
  readonly definition: string;
  readonly drop: RawBuilder<unknown>;
}

async function secondaryIndexes(trx: Transaction<DB>): Promise<Dropped[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x
      join pg_class c on c.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
     where t.relname = any(${REBUILT_TABLES}::text[]) and t.relnamespace = to_regnamespace(current_schema())
       and not x.indisunique and not x.indisprimary and not x.indisexclusion`.execute(trx);
  return rows.map(({ name, definition }) => ({ name, definition, drop: sql`drop index ${sql.ref(name)}` }));
}

async function foreignKeys(trx: Transaction<DB>): Promise<Dropped[]> {
  const { rows } = await sql<{ name: string; table: string; constraint: string }>`
    select k.conname as name, t.relname as table, pg_get_constraintdef(k.oid) as constraint
      from pg_constraint k
      join pg_class t on t.oid = k.conrelid
     where t.relname = any(${REBUILT_TABLES}::text[]) and t.relnamespace = to_regnamespace(current_schema())
       and k.contype = 'f'`.execute(trx);
  return rows.map(({ name, table, constraint }) => ({
    name,
    definition: `ALTER TABLE ${quoted(table)} ADD CONSTRAINT ${quoted(name)} ${constraint}`,
    drop: sql`alter table ${sql.ref(table)} drop constraint ${sql.ref(name)}`,
  }));
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Creates again every index and foreign key a rebuild dropped, each in a transaction with the
 * removal of its record: run at the end of a rebuild and at every start, so one killed half-way
 * leaves no table without its indexes once either runs.
 */
export async function restoreDroppedIndexes(db: Kysely<DB>): Promise<number> {
  const dropped = await db.selectFrom('rebuild_dropped_indexes').selectAll().orderBy('name').execute();
  for (const { name, definition } of dropped) {
    await db.transaction().execute(async (trx) => {
      await sql.raw(definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')).execute(trx);
      await trx.deleteFrom('rebuild_dropped_indexes').where('name', '=', name).execute();
    });
  }
  return dropped.length;
}

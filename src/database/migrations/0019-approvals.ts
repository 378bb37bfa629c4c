import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Four eyes (DESIGN.md section 12): each proposal, projected from its stream (approval-{id}). The
 * back office lists them by state, newest first; the pending ones are counted on its tab.
 */
export const approvals: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('approvals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('change', 'jsonb', (c) => c.notNull())
      .addColumn('target_stream', 'text', (c) => c.notNull())
      .addColumn('base_revision', 'text')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('proposed_by', 'integer', (c) => c.notNull())
      .addColumn('proposed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('decided_by', 'integer')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('reason', 'text')
      .execute();
    await sql`create index approvals_by_state on approvals (state, proposed_at desc, id desc)`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await db.schema.dropTable('approvals').execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The reserve account's statements and their entries (DESIGN.md section 10). An entry's bank
 * reference is its key: a second import of the same entry is a duplicate and matches nothing again.
 * `state` is `pending` between the entry's insert and its order's `BankCreditMatched` (a crash there
 * is finished by the next import), then `matched`; or `unmatched`, `returned`, `debit`.
 */
export const reconciliation: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('statements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('entries', 'integer', (c) => c.notNull())
      .addColumn('matched', 'integer', (c) => c.notNull())
      .addColumn('unmatched', 'integer', (c) => c.notNull())
      .addColumn('duplicates', 'integer', (c) => c.notNull())
      .addColumn('imported_by', 'integer', (c) => c.notNull())
      .addColumn('imported_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('statement_entries')
      .addColumn('entry_ref', 'text', (c) => c.primaryKey())
      .addColumn('statement_id', 'text', (c) => c.notNull().references('statements.id'))
      .addColumn('booking_date', 'date', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('amount_cny', sql`numeric(18, 2)`, (c) => c.notNull())
      .addColumn('payer_name', 'text', (c) => c.notNull())
      .addColumn('payer_account', 'text', (c) => c.notNull())
      .addColumn('postscript', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('order_no', 'text')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_by', 'integer')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('imported_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The reconciliation tab: one state, newest first.
    await sql`create index statement_entries_by_state on statement_entries (state, imported_at desc, entry_ref)`.execute(db);
    // What an import has left to finish (a crash between an entry's insert and its order's credit).
    await sql`create index statement_entries_pending on statement_entries (imported_at) where state = 'pending'`.execute(db);
    await sql`create index statement_entries_by_order on statement_entries (order_id) where order_id is not null`.execute(db);
    await sql`create index statement_entries_by_statement on statement_entries (statement_id)`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await db.schema.dropTable('statement_entries').execute();
    await db.schema.dropTable('statements').execute();
  },
};

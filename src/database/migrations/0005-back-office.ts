import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The back office reads: keyset pages and prefix searches, each served by an index (the admin
 * lists never scan a whole table), and the revision each reference stream has reached in the read
 * tables, so a change is readable as soon as its command returns.
 */
export const backOffice: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create table stream_revisions (stream_id text primary key, revision bigint not null)`.execute(db);
    await sql`
      create table order_search_terms (
        order_id text not null references orders (id) on delete cascade,
        term text not null,
        primary key (order_id, term)
      )`.execute(db);
    await sql`create index order_search_terms_prefix on order_search_terms (term text_pattern_ops)`.execute(db);
    await sql`create index orders_page on orders (kind, created_at desc, id desc)`.execute(db);
    await sql`create index users_email_prefix on users (lower(email) text_pattern_ops)`.execute(db);
    await sql`create index users_name_prefix on users (lower(name) text_pattern_ops)`.execute(db);
    await sql`create index users_group on users ("group")`.execute(db);
    await sql`create index resources_name_prefix on resources (lower(name) text_pattern_ops)`.execute(db);
    await sql`create index resources_name_en_prefix on resources (lower(name_en) text_pattern_ops)`.execute(db);
    await sql`create index resources_code_prefix on resources (lower(code) text_pattern_ops)`.execute(db);
    // Orders projected before the terms existed get theirs from the next rebuild or event; the
    // back office's search of them starts with the next change, so fill them now.
    await sql`
      insert into order_search_terms (order_id, term)
      select distinct id, lower(t) from orders,
        unnest(array[id, resource_name, student_last_name || student_first_name, student_last_name, student_first_name,
                     student_last_name_pinyin || student_first_name_pinyin, student_last_name_pinyin, student_first_name_pinyin,
                     payer_phone, student_email, coalesce(gic_order_id, '')]) as t
      where t <> ''`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    for (const index of [
      'resources_code_prefix',
      'resources_name_en_prefix',
      'resources_name_prefix',
      'users_group',
      'users_name_prefix',
      'users_email_prefix',
      'orders_page',
    ]) {
      await sql`drop index ${sql.raw(index)}`.execute(db);
    }
    await sql`drop table order_search_terms`.execute(db);
    await sql`drop table stream_revisions`.execute(db);
  },
};

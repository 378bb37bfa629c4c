import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The warehouse's read tables (projections of the inbound streams) and the sequence its record
 * ids come from. Lists page by (created_at, id) and search by prefix, each through an index.
 */
export const warehouse: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`create sequence warehouse_ids`.execute(db);
    await sql`
      create table warehouse_inbound (
        id integer primary key,
        code text not null unique,
        type smallint not null,
        waybill_id text not null,
        client_code text not null,
        client_code2 text not null,
        client_code3 text not null,
        package text not null,
        quantity integer not null,
        weight numeric(12, 3) not null,
        "desc" text not null,
        remark text not null,
        status smallint not null,
        created_by text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`
      create table warehouse_goods (
        id integer primary key,
        in_id integer not null references warehouse_inbound (id),
        in_code text not null,
        code text not null,
        type text not null,
        sku text not null,
        box_count integer not null,
        count integer not null,
        total bigint not null,
        shipped bigint not null,
        stock bigint not null check (stock >= 0),
        created_by text not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`
      create table warehouse_outbound (
        id integer primary key,
        code text not null unique,
        goods_id integer not null references warehouse_goods (id),
        in_id integer not null,
        quantity bigint not null,
        deliver_type text not null,
        tray_quantity integer not null,
        weight numeric(12, 3) not null,
        client_code text not null,
        "desc" text not null,
        remark text not null,
        out_time timestamptz not null,
        created_by text not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index warehouse_inbound_page on warehouse_inbound (created_at desc, id desc)`.execute(db);
    await sql`create index warehouse_inbound_waybill on warehouse_inbound (waybill_id)`.execute(db);
    await sql`create index warehouse_inbound_prefix on warehouse_inbound (lower(waybill_id) text_pattern_ops)`.execute(db);
    await sql`create index warehouse_goods_in on warehouse_goods (in_id)`.execute(db);
    await sql`create index warehouse_goods_in_stock on warehouse_goods (id desc) where stock > 0`.execute(db);
    await sql`create index warehouse_outbound_goods on warehouse_outbound (goods_id)`.execute(db);
    for (const [table, column] of [
      ['warehouse_goods', 'code'],
      ['warehouse_goods', 'type'],
      ['warehouse_goods', 'sku'],
      ['warehouse_goods', 'in_code'],
      ['warehouse_outbound', 'code'],
      ['warehouse_outbound', 'client_code'],
      ['warehouse_outbound', 'deliver_type'],
      ['warehouse_inbound', 'code'],
      ['warehouse_inbound', 'client_code'],
    ] as const) {
      await sql`create index ${sql.raw(`${table}_${column}_prefix`)} on ${sql.table(table)} (lower(${sql.ref(column)}) text_pattern_ops)`.execute(
        db,
      );
    }
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`drop table warehouse_outbound`.execute(db);
    await sql`drop table warehouse_goods`.execute(db);
    await sql`drop table warehouse_inbound`.execute(db);
    await sql`drop sequence warehouse_ids`.execute(db);
  },
};

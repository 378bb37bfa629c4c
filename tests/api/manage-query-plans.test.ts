import { sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPageQuery } from '../../src/api/manage/order-list.js';
import { resourcePageQuery, userPageQuery } from '../../src/api/manage/manage-queries.js';
import { TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const ROWS = 20_000;
const SCANNED_TABLES = ['orders', 'order_search_terms', 'users', 'resources'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The back office's lists are served from indexes, never a whole-table scan, however many rows
 * (issue 9). Only real PostgreSQL plans mean anything; PGlite is skipped.
 */
describe.skipIf(!TEST_DATABASE_URL)('query plans of the back office lists (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    const db = t.deps.db;
    await sql`
      insert into users (email, name, "group", sessions_valid_after)
      select 'user' || i || '@example.com', '用户' || i, 0, now() from generate_series(1, ${ROWS}) as i`.execute(db);
    await sql`
      insert into resources (name, name_en, code, currency, country)
      select '机构' || i, 'Institution ' || i, 'C' || i, 'EUR', 'Germany' from generate_series(1, ${ROWS}) as i`.execute(db);
    await sql`
      insert into orders (id, kind, owner_id, status, amount, currency, resource, resource_name, student_last_name, student_first_name,
                          student_last_name_pinyin, student_first_name_pinyin, payer_phone, state, revision, created_at, updated_at)
      select 'o-' || i, case when i % 10 = 0 then 'partner' else 'order' end, 1 + i % 1000, i % 8, 5000, 'EUR', '1004', '慕尼黑工业大学',
             '张', '三' || i, 'Zhang', 'San' || i, '138' || lpad(i::text, 8, '0'), '{}', 0, now() - (i || ' seconds')::interval, now()
      from generate_series(1, ${ROWS}) as i`.execute(db);
    await sql`
      insert into order_search_terms (order_id, term)
      select id, lower(t) from orders, unnest(array[id, payer_phone, student_last_name_pinyin || student_first_name_pinyin]) as t`.execute(
      db,
    );
    await sql`analyze`.execute(db);
  }, 120_000);
  afterAll(() => t?.close());

  async function plannedScans(query: Compilable) {
    const compiled = query.compile();
    const result = await sql<{
      'QUERY PLAN': [{ Plan: PlanNode }];
    }>`explain (format json) ${sql.raw(compiled.sql.replace(/\$(\d+)/g, (_, n: string) => literal(compiled.parameters[Number(n) - 1])))}`.execute(
      t.deps.db,
    );
    return nodesOf(result.rows[0]!['QUERY PLAN'][0].Plan);
  }
  const literal = (value: unknown): string =>
    value instanceof Date
      ? `'${value.toISOString()}'::timestamptz`
      : typeof value === 'number'
        ? String(value)
        : `'${String(value).replace(/'/g, "''")}'`;

  const expectNoSeqScan = (nodes: PlanNode[]) => {
    const seq = nodes.filter((node) => node['Node Type'] === 'Seq Scan' && SCANNED_TABLES.includes(node['Relation Name'] ?? ''));
    expect(
      seq.map((node) => node['Relation Name']),
      JSON.stringify(nodes.map((node) => [node['Node Type'], node['Relation Name']])),
    ).toEqual([]);
  };

  it('the order tables: first page, a later page, and a search, by index', async () => {
    const db = t.deps.db;
    expectNoSeqScan(await plannedScans(orderPageQuery(db, 'order', '', null)));
    expectNoSeqScan(
      await plannedScans(orderPageQuery(db, 'partner', '', { at: new Date(Date.now() - 3_600_000).toISOString(), id: 'o-5000' })),
    );
    expectNoSeqScan(await plannedScans(orderPageQuery(db, 'order', 'zhangsan123', null)));
    expectNoSeqScan(await plannedScans(orderPageQuery(db, 'order', '138000123', null)));
  });

  it('the user and institution tables: pages and searches by index', async () => {
    const db = t.deps.db;
    expectNoSeqScan(await plannedScans(userPageQuery(db, '', null)));
    expectNoSeqScan(await plannedScans(userPageQuery(db, 'user12', 5000)));
    expectNoSeqScan(await plannedScans(resourcePageQuery(db, '', null)));
    expectNoSeqScan(await plannedScans(resourcePageQuery(db, 'institution 7', null)));
  });
});

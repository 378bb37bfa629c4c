import { sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPageQuery, queueCountsQuery } from '../../src/api/manage/order-list.js';
import { keywordSearchOf } from '../../src/api/manage/order-keyword.js';
import { auditLogQuery } from '../../src/api/audit/audit-log.js';
import { createdByDayQuery, funnelQuery, receivedByDayQuery } from '../../src/api/manage/dashboard.js';
import { chinaDayOf, ORDER_QUEUES, ORDER_SORTS, type OrderFilter } from '../../src/domain/index.js';
import { resourcePageQuery, userPageQuery } from '../../src/api/manage/manage-queries.js';
import { TEST_DATABASE_URL } from '../eventstore/helpers/fresh-postgres.js';
import { inlinedSql } from '../eventstore/helpers/inlined-sql.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const ROWS = 20_000;
const SCANNED_TABLES = ['orders', 'order_search_terms', 'users', 'resources', 'order_history'];

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

  // Like a real book of orders: two years of them, most ended, a few in the work queues (a plan
  // for rows that are half the table is rightly a scan).
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
                          student_last_name_pinyin, student_first_name_pinyin, payer_phone, state, revision, created_at, updated_at,
                          cny_amount, paid_cny, balance_cny, status_since)
      select 'o-' || i, case when i % 10 = 0 then 'partner' else 'order' end, 1 + i % 1000, case when i % 10 = 0 then i % 14 else (array[7, 8, 10, 11])[i % 4 + 1] end, 5000, 'EUR', '1004', '慕尼黑工业大学',
             '张', '三' || i, 'Zhang', 'San' || i, '138' || lpad(i::text, 8, '0'), '{}', 0, now() - (i * 3000 || ' seconds')::interval, now(),
             case when i % 14 = 0 then null else 38000 + i % 997 end, case when i % 3 = 0 then 38000 else 0 end,
             case when i % 97 = 0 then 100 when i % 3 = 0 then 0 else -38000 end, now() - ((i * 7919 % ${ROWS}) * 3000 || ' seconds')::interval
      from generate_series(1, ${ROWS}) as i`.execute(db);
    await sql`
      insert into order_history (event_id, order_id, revision, type, actor_id, actor_role, occurred_at, status_before, status_after)
      select 'e-' || i || '-' || r, 'o-' || i, r, (array['OrderCreated', 'PaymentReceived', 'OrderStatusSet'])[r + 1], (i % 50)::text,
             (array['payer', 'bank', 'admin'])[r + 1], now() - ((i * 3000 - r) || ' seconds')::interval, null, r
      from generate_series(1, ${ROWS}) as i, generate_series(0, 2) as r`.execute(db);
    await sql`
      insert into order_search_terms (order_id, term)
      select id, lower(t) from orders, unnest(array[id, payer_phone, student_last_name_pinyin || student_first_name_pinyin]) as t`.execute(
      db,
    );
    await sql`analyze`.execute(db);
  }, 120_000);
  afterAll(() => t?.close());

  async function plannedScans(query: Compilable) {
    const result = await sql<{
      'QUERY PLAN': [{ Plan: PlanNode }];
    }>`explain (format json) ${sql.raw(inlinedSql(query.compile()))}`.execute(t.deps.db);
    return nodesOf(result.rows[0]!['QUERY PLAN'][0].Plan);
  }

  const expectNoSeqScan = (nodes: PlanNode[]) => {
    const seq = nodes.filter((node) => node['Node Type'] === 'Seq Scan' && SCANNED_TABLES.includes(node['Relation Name'] ?? ''));
    expect(
      seq.map((node) => node['Relation Name']),
      JSON.stringify(nodes.map((node) => [node['Node Type'], node['Relation Name']])),
    ).toEqual([]);
  };

  it('the order tables: first page, a later page, and a search, by index', async () => {
    const db = t.deps.db;
    expectNoSeqScan(await plannedScans(orderPageQuery(db, 'order', {}, null, null)));
    expectNoSeqScan(
      await plannedScans(orderPageQuery(db, 'partner', {}, null, { at: new Date(Date.now() - 3_600_000).toISOString(), id: 'o-5000' })),
    );
    // Both ways of finding a keyword's rows, as the list decides: few matches by their ids first
    // (a number, a phone), many along the sort (a surname every order has, 1,111 owners' orders).
    const ways = [];
    for (const keyword of ['zhangsan123', '138000123', 'zhang', 'user1']) {
      const search = await keywordSearchOf(db, keyword);
      ways.push(search?.few);
      expectNoSeqScan(await plannedScans(orderPageQuery(db, 'order', { keyword }, search, null)));
    }
    expect(ways).toEqual([true, true, false, false]);
  });

  it('every queue, sort and filter of the order tables, first and later pages, by index; the queue counts too', async () => {
    const db = t.deps.db;
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const filters: OrderFilter[] = [
      ...ORDER_QUEUES.map((queue) => ({ queue })),
      { status: [4] },
      { status: [2, 3, 12] },
      { created_from: '2020-01-01', created_to: '2020-01-31' },
      { created_from: chinaDayOf(new Date()) },
      { queue: 'overpaid', status: [4, 5], keyword: 'zhangsan12' },
    ];
    for (const sort of ORDER_SORTS) {
      const key = sort.endsWith('amount') ? '38500.00' : at;
      for (const filter of [{}, ...filters]) {
        const sorted = { ...filter, sort };
        const search = await keywordSearchOf(db, filter.keyword);
        expectNoSeqScan(await plannedScans(orderPageQuery(db, 'order', sorted, search, null)));
        expectNoSeqScan(await plannedScans(orderPageQuery(db, 'order', sorted, search, { sort, key, id: 'o-5000' })));
      }
    }
    expectNoSeqScan(await plannedScans(queueCountsQuery(db)));
  });

  it('the log across orders and the dashboard, by index', async () => {
    const db = t.deps.db;
    const after = { at: new Date(Date.now() - 3_600_000).toISOString(), id: 'e-5000-1' };
    for (const filter of [{}, { actor: '7' }, { type: 'PaymentReceived' }, { from: new Date(Date.now() - 86_400_000).toISOString() }]) {
      expectNoSeqScan(await plannedScans(auditLogQuery(db, filter, null)));
      expectNoSeqScan(await plannedScans(auditLogQuery(db, filter, after)));
    }
    const since = new Date(Date.now() - 30 * 86_400_000);
    expectNoSeqScan(await plannedScans(receivedByDayQuery(db, since)));
    expectNoSeqScan(await plannedScans(createdByDayQuery(db, since)));
    expectNoSeqScan(await plannedScans(funnelQuery(db, since)));
  });

  it('the user and institution tables: pages and searches by index', async () => {
    const db = t.deps.db;
    expectNoSeqScan(await plannedScans(userPageQuery(db, '', null)));
    expectNoSeqScan(await plannedScans(userPageQuery(db, 'user12', 5000)));
    expectNoSeqScan(await plannedScans(resourcePageQuery(db, '', null)));
    expectNoSeqScan(await plannedScans(resourcePageQuery(db, 'institution 7', null)));
  });
});

import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { keywordSearchOf } from '../../src/api/manage/order-keyword.js';
import { orderPageQuery } from '../../src/api/manage/order-list.js';
import { likePrefix } from '../../src/api/manage/paging.js';
import { ORDER_SORTS, type OrderFilter } from '../../src/domain/index.js';
import { dataOf } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const ORDERS = 240;
const OWNERS = 12;
const M = '/api/v1/manage';
type Sort = (typeof ORDER_SORTS)[number];

/** What the store holds of each seeded order, to say which ones a keyword must list and in what order. */
interface Seeded {
  readonly id: string;
  readonly kind: 'order' | 'partner';
  readonly email: string;
  readonly terms: readonly string[];
  readonly created: number;
  readonly statusSince: number;
  readonly amount: number;
}

const BASE = Date.parse('2026-06-01T00:00:00Z');
const pad = (i: number) => String(i).padStart(4, '0');

/**
 * Every order has the same surname (a keyword matching them all); owners have 20 each; two orders
 * share each creation instant and amounts repeat, so the id breaks ties; every tenth is a partner's.
 */
const seeded: Seeded[] = Array.from({ length: ORDERS }, (_, index) => {
  const i = index + 1;
  return {
    id: `kw-${pad(i)}`,
    kind: i % 10 === 0 ? 'partner' : 'order',
    email: `searcher${(i % OWNERS) + 1}@kw.example.com`,
    terms: [`kw-${pad(i)}`, `1390000${pad(i)}`, `zhangsan${i}`],
    created: BASE - Math.floor(i / 2) * 3_600_000,
    statusSince: BASE - ((i * 7919) % ORDERS) * 60_000,
    amount: i % 14 === 0 ? 0 : 38000 + (i % 7),
  };
});

/** The model: the ordinary orders a keyword matches (a term or the owner's email by prefix), in a sort. */
function expectedIds(keyword: string, sort: Sort): string[] {
  const prefix = keyword.toLowerCase();
  const key = sort.replace(/^-/, '') as 'created' | 'status_since' | 'amount';
  const value = (order: Seeded) => (key === 'created' ? order.created : key === 'status_since' ? order.statusSince : order.amount);
  const sign = sort.startsWith('-') ? -1 : 1;
  return seeded
    .filter((order) => order.kind === 'order')
    .filter((order) => order.email.startsWith(prefix) || order.terms.some((term) => term.startsWith(prefix)))
    .sort((a, b) => sign * (value(a) - value(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    .map((order) => order.id);
}

/** Keywords of every kind: one order, one owner's 20, an email prefix of 80, everything (216) by name and by email, nothing. */
const KEYWORDS = ['13900000123', 'searcher3@kw.example.com', 'searcher1', 'zhang', 'SEARCHER', 'no-such-person'];

describe.each(ENGINES)('the keyword search of the order table on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin] = t.users('admin');

  beforeAll(async () => {
    const db = t.deps.db;
    await sql`
      insert into users (email, name, "group", sessions_valid_after)
      select 'searcher' || i || '@kw.example.com', '搜索' || i, 0, now() from generate_series(1, ${OWNERS}) as i`.execute(db);
    const rows = JSON.stringify(
      seeded.map((order) => ({ ...order, created: new Date(order.created), statusSince: new Date(order.statusSince) })),
    );
    await sql`
      insert into orders (id, kind, owner_id, status, amount, currency, resource, resource_name, student_last_name, student_first_name,
                          student_last_name_pinyin, student_first_name_pinyin, payer_phone, state, revision, created_at, updated_at,
                          cny_amount, paid_cny, balance_cny, status_since)
      select o.id, o.kind, u.id, 1, 5000, 'EUR', '1004', '慕尼黑工业大学', '张', '三', 'Zhang', 'San', o.terms ->> 1, '{}', 0,
             o.created, o.created, nullif(o.amount, 0), 0, 0, o."statusSince"
      from jsonb_to_recordset(${rows}::jsonb) as o(id text, kind text, email text, terms jsonb, created timestamptz, "statusSince" timestamptz, amount numeric)
      join users u on u.email = o.email`.execute(db);
    await sql`
      insert into order_search_terms (order_id, term)
      select o.id, t.term from jsonb_to_recordset(${rows}::jsonb) as o(id text, terms jsonb), jsonb_array_elements_text(o.terms) as t(term)`.execute(
      db,
    );
    await sql`analyze`.execute(db);
  });

  /** Every page of the list for a body, following next_page_url to the end. */
  async function everyPage(body: OrderFilter): Promise<string[][]> {
    const pages: string[][] = [];
    for (let url: string | null = `${M}/orders`; url !== null;) {
      const page: { data: { id: string }[]; next_page_url: string | null } = dataOf(await t.post(url, body, admin.token), url);
      pages.push(page.data.map((order) => order.id));
      url = page.next_page_url;
    }
    return pages;
  }

  it('finds the matches of a few orders by their ids first, and walks the sort for a keyword matching many', async () => {
    const few = async (keyword: string) => (await keywordSearchOf(t.deps.db, keyword))?.few;
    expect(await few('13900000123')).toBe(true);
    expect(await few('searcher3@kw.example.com')).toBe(true);
    expect(await few('zhang')).toBe(false);
    expect(await few('searcher')).toBe(false);
    expect(await keywordSearchOf(t.deps.db, '')).toBeNull();
  });

  it('lists every match exactly once, in every sort, across pages of 20: one order, an owner, many, everything, nothing', async () => {
    for (const keyword of KEYWORDS) {
      for (const sort of ORDER_SORTS) {
        const pages = await everyPage({ keyword, sort });
        const expected = expectedIds(keyword, sort);
        expect(pages.flat(), `${keyword} ${sort}`).toEqual(expected);
        expect(pages.slice(0, -1).every((page) => page.length === 20)).toBe(true);
        expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / 20)));
      }
    }
    expect(expectedIds('zhang', '-created')).toHaveLength(216);
  });

  it('a keyword with a filter: the status and the creation days narrow the matches', async () => {
    const pages = await everyPage({ keyword: 'zhang', status: [2] });
    expect(pages.flat()).toEqual([]);
    // From 30 May, China time: 16:00 UTC the day before.
    const since = await everyPage({ keyword: 'searcher5@', created_from: '2026-05-30', sort: 'created' });
    const from = Date.parse('2026-05-29T16:00:00Z');
    const expected = expectedIds('searcher5@', 'created').filter((id) => seeded.find((order) => order.id === id)!.created >= from);
    expect(expected.length).toBeGreaterThan(0);
    expect(since.flat()).toEqual(expected);
  });

  it('for all keywords, sorts and cursors, both ways of finding the matches give the same page', async () => {
    const db = t.deps.db;
    const prefixes = fc.oneof(
      fc.constantFrom(...KEYWORDS),
      fc
        .integer({ min: 1, max: ORDERS })
        .chain((i) => fc.integer({ min: 1, max: 11 }).map((length) => `1390000${pad(i)}`.slice(0, length))),
      fc.integer({ min: 1, max: 24 }).map((length) => 'searcher12@kw.example.com'.slice(0, length)),
    );
    await fc.assert(
      fc.asyncProperty(prefixes, fc.constantFrom(...ORDER_SORTS), fc.integer({ min: 0, max: 3 }), async (keyword, sort, skip) => {
        const filter = { keyword, sort };
        const expected = expectedIds(keyword, sort);
        const after =
          skip * 20 - 1 < 0 || skip * 20 - 1 >= expected.length ? null : seeded.find((order) => order.id === expected[skip * 20 - 1])!;
        const cursor = after === null ? null : cursorOf(after, sort);
        const page = async (few: boolean) =>
          (await orderPageQuery(db, 'order', filter, { pattern: likePrefix(keyword), few }, cursor).execute()).map((row) => row.id);
        const from = cursor === null ? 0 : skip * 20;
        expect(await page(true)).toEqual(expected.slice(from, from + 21));
        expect(await page(false)).toEqual(expected.slice(from, from + 21));
      }),
      { numRuns: 40 },
    );
  });
});

/** The cursor the list gives after an order in a sort (order-list.ts orderCursorIn). */
function cursorOf(order: Seeded, sort: Sort) {
  if (sort === '-created') return { at: new Date(order.created).toISOString(), id: order.id };
  const key = sort.replace(/^-/, '');
  const value =
    key === 'created'
      ? new Date(order.created).toISOString()
      : key === 'status_since'
        ? new Date(order.statusSince).toISOString()
        : order.amount.toFixed(2);
  return { sort, key: value, id: order.id };
}

import { describe, expect, it } from 'vitest';
import { createDraft } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const FIND_ORDERS = '/api/v1/step/order/findOrders';

interface OwnPage {
  readonly data: { id: string; created_at: string }[];
  readonly next: string | null;
}

describe.each(ENGINES)("the payer's own orders, a page at a time, on %s", (engine) => {
  const t = appForSuite(engine);
  const [payer, other] = t.users('payer', 'payer');

  async function page(body?: unknown): Promise<OwnPage> {
    const answer = await t.post(FIND_ORDERS, body, payer.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as OwnPage;
  }

  /** Every page from the first, following `next`. */
  async function everyPage(limit?: number): Promise<OwnPage[]> {
    const pages = [await page(limit === undefined ? {} : { limit })];
    while (pages.at(-1)!.next !== null) pages.push(await page({ cursor: pages.at(-1)!.next, ...(limit === undefined ? {} : { limit }) }));
    return pages;
  }

  it('lists every order exactly once, newest first, following next to the end; ties in time by id; no body is the first page', async () => {
    // Three orders at each instant (the test clock stands still between them): the id orders them.
    const mine: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      if (i % 3 === 0) t.clock.advance(60_000);
      mine.push(await createDraft(t, payer));
      if (i % 5 === 0) await createDraft(t, other);
    }
    const expected = (
      await t.deps.db
        .selectFrom('orders')
        .select(['id', 'created_at'])
        .where('owner_id', '=', payer.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
    expect([...expected].sort()).toEqual([...mine].sort());

    for (const limit of [undefined, 1, 7, 10, 25, 100]) {
      const pages = await everyPage(limit);
      const size = limit ?? 20;
      expect(
        pages.flatMap((each) => each.data.map((order) => order.id)),
        `limit ${limit}`,
      ).toEqual(expected);
      expect(pages.slice(0, -1).every((each) => each.data.length === size)).toBe(true);
      expect(pages.length).toBe(Math.ceil(25 / size));
    }

    // An old caller sends nothing and reads data as the list: the newest 20.
    const bare = await t.post(FIND_ORDERS, undefined, payer.token);
    expect((bare.json() as OwnPage).data.map((order) => order.id)).toEqual(expected.slice(0, 20));
    expect((bare.json() as OwnPage).next).not.toBeNull();
  });

  it('a cursor reads on after its order only among the caller own orders; a limit outside 1-100 is refused (422)', async () => {
    const first = await page({ limit: 5 });
    const others = await t.post(FIND_ORDERS, { cursor: first.next }, other.token);
    const theirs = (others.json() as OwnPage).data.map((order) => order.id);
    const owners = await t.deps.db.selectFrom('orders').select('owner_id').where('id', 'in', theirs).execute();
    expect(owners.every((row) => row.owner_id === other.id)).toBe(true);
    expect((await t.post(FIND_ORDERS, { limit: 0 }, payer.token)).statusCode).toBe(422);
    expect((await t.post(FIND_ORDERS, { limit: 101 }, payer.token)).statusCode).toBe(422);
    // A cursor it did not make reads the first page, as the notification lists do.
    expect((await page({ cursor: 'not-a-cursor' })).data).toEqual((await page({})).data);
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { projectsInAppend } from '../../eventstore/postgres/port.js';
import { buildApp } from '../../src/api/app.js';
import { EUR_RESOURCE } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/**
 * A client that lost an answer sends the same creation again with the same Idempotency-Key and
 * gets the same order; a command that is stored but not yet readable is a success (202 with the
 * id), never an error that invites a second order.
 */
describe.each(ENGINES)('order creation on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer] = t.users('payer');

  const create = (key: string | undefined, amount = '5000', user = payer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/step/amount/create',
      headers: { authorization: `Bearer ${user.token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { resource: EUR_RESOURCE, amount, from: 'test' },
    });
  const createdCount = async (id: string) =>
    (await sql<{ n: string }>`select count(*) as n from es_events where stream_id = ${`order-${id}`}`.execute(t.deps.db)).rows[0]!.n;

  it('answers a repeated key with the same order and writes it once, also when the copies race', async () => {
    const first = await create('checkout-7f3a');
    expect(first.statusCode).toBe(200);
    const id = (first.json() as { data: { id: string } }).data.id;
    const again = await Promise.all([create('checkout-7f3a'), create('checkout-7f3a'), create('checkout-7f3a')]);
    expect(again.map((answer) => [answer.statusCode, (answer.json() as { data: { id: string } }).data.id])).toEqual([
      [200, id],
      [200, id],
      [200, id],
    ]);
    expect(await createdCount(id)).toBe('1');

    const racing = await Promise.all(Array.from({ length: 4 }, () => create('fresh-key-race')));
    const racingIds = new Set(racing.map((answer) => (answer.json() as { data: { id: string } }).data.id));
    expect(racing.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(racingIds.size).toBe(1);
    expect(await createdCount([...racingIds][0]!)).toBe('1');
  });

  it('refuses a key reused for a different order, and a malformed key, writing nothing', async () => {
    await create('reused-key', '5000');
    const before = await sql<{ n: string }>`select count(*) as n from es_events`.execute(t.deps.db);
    const different = await create('reused-key', '6000');
    expect(different.statusCode).toBe(409);
    expect(different.json()).toMatchObject({ message: expect.stringContaining('Idempotency-Key') });
    const malformed = await create('with space');
    expect(malformed.statusCode).toBe(422);
    const tooLong = await create('k'.repeat(201));
    expect(tooLong.statusCode).toBe(422);
    const after = await sql<{ n: string }>`select count(*) as n from es_events`.execute(t.deps.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("keeps one user's key apart from another's", async () => {
    const other = await t.createUser();
    const mine = (await create('shared-name')).json() as { data: { id: string } };
    const theirs = (await create('shared-name', '5000', other)).json() as { data: { id: string } };
    expect(mine.data.id).not.toBe(theirs.data.id);
  });

  it('creates a new order for every request without a key', async () => {
    const ids = await Promise.all([create(undefined), create(undefined)]);
    const [a, b] = ids.map((answer) => (answer.json() as { data: { id: string } }).data.id);
    expect(a).not.toBe(b);
  });

  it('makes a new order readable in its own transaction, even while the projection stands still', async () => {
    await t.deps.projections.stop();
    try {
      const answer = await create('while-projections-stand-still-inline');
      expect(answer.statusCode).toBe(200);
      const visible = await t.post('/api/v1/step/order/find', { id: answer.json().data.id }, payer.token);
      expect(visible.statusCode).toBe(200);
    } finally {
      await t.deps.projections.start();
    }
  });

  it('answers 202 with the id when the order is stored but its row is not readable yet (a log without shared transactions)', async () => {
    // As on EventStoreDB: the log cannot write the read row in the append's transaction.
    const store = t.deps.eventStore;
    if (!projectsInAppend(store)) throw new Error('The test store is PostgreSQL or PGlite, which projects in the append.');
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the two methods are left out, never called
    const { appendAndProject: _inline, appendAndProjectInStatement: _inStatement, ...separateLog } = store;
    const app = await buildApp({ ...t.deps, eventStore: separateLog });
    const createThere = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/step/amount/create',
        headers: { authorization: `Bearer ${payer.token}`, 'idempotency-key': key },
        payload: { resource: EUR_RESOURCE, amount: '5000', from: 'test' },
      });
    await t.deps.projections.stop();
    try {
      const answer = await createThere('while-projections-stand-still');
      expect(answer.statusCode).toBe(202);
      const id = (answer.json() as { data: { id: string } }).data.id;
      expect(await createdCount(id)).toBe('1');
      const retried = await createThere('while-projections-stand-still');
      expect([retried.statusCode, (retried.json() as { data: { id: string } }).data.id]).toEqual([202, id]);
      expect(await createdCount(id)).toBe('1');
    } finally {
      await t.deps.projections.start();
      await app.close();
    }
    const visible = await t.post(
      '/api/v1/step/order/find',
      { id: (await create('while-projections-stand-still')).json().data.id },
      payer.token,
    );
    expect(visible.statusCode).toBe(200);
  }, 30_000);
});

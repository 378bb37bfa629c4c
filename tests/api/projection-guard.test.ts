import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isRowMovedError, runParts } from '../../src/projections/order-batch.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/**
 * The projector writes a batch read without locks in one statement guarded by order_rows_at: a row
 * that moved since it was read fails the statement whole, and the batch is applied again under locks.
 */
describe.each(ENGINES)('the guard of an unlocked projection batch, on %s', (engine) => {
  const t = appForSuite(engine);
  const [user] = t.users('payer');
  let orderId: string;
  beforeAll(async () => {
    orderId = (await t.post('/api/v1/step/amount/create', { resource: 996, amount: 5000 }, user.token)).json().data.id as string;
  });

  const guardedWrite = (expected: { id: string; revision: string }[]) =>
    runParts(
      t.deps.db,
      [
        sql`guard as (select order_rows_at((${JSON.stringify(expected)}::text)::jsonb) as ok)`,
        // Any write stands for the batch's (a table the projector itself never touches).
        sql`written as (insert into rate_limits (key, count, reset_at) values ('guard-test', 1, now()) returning 1)`,
      ],
      sql`select ok from guard`,
    );
  const written = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from rate_limits where key = 'guard-test'`.execute(t.deps.db)).rows[0]!.n);

  it('lets the write through when every row is where it was read (and an absent order absent)', async () => {
    await guardedWrite([
      { id: orderId, revision: '0' },
      { id: 'no-such-order', revision: '-1' },
    ]);
    expect(await written()).toBe(1);
    await sql`delete from rate_limits where key = 'guard-test'`.execute(t.deps.db);
  });

  // The order's id is known once beforeAll has run: each case names its expectation as a function of it.
  it.each([
    ['a row read as absent that appeared', (id: string) => [{ id, revision: '-1' }]],
    ['a row that moved on', (id: string) => [{ id, revision: '1' }]],
    ['a row read as present that is not there', () => [{ id: 'no-such-order', revision: '0' }]],
  ])('fails the whole statement for %s, writing nothing', async (_case, expected) => {
    const failure = await guardedWrite(expected(orderId)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isRowMovedError(failure)).toBe(true);
    expect(await written()).toBe(0);
  });
});

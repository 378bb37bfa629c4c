import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/** More requests at once than the pool has connections, so every connection serves some. */
const AT_ONCE = 24;

/**
 * The order's reads are prepared once per connection (order-view.ts). Another server's migration
 * may add a column to `orders` while this one runs: its prepared reads must go on answering (a
 * prepared `select *` would fail from then on: "cached plan must not change result type").
 */
describe.each(ENGINES)('prepared order reads on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer] = t.users('payer');
  const post = (path: string, body: object) => t.post(`/api/v1/step/${path}`, body, payer.token);

  it('go on answering, and steps go on deciding, after a column is added to the orders table', async () => {
    const ids = await Promise.all(
      Array.from({ length: AT_ONCE }, async () => (await post('amount/create', { resource: 996, amount: 5000 })).json().data.id as string),
    );
    // Both reads prepared on every connection before the change.
    const accepted = await Promise.all(ids.map((id) => post('accept/update', { id, ...ACCOUNT })));
    expect(accepted.map((response) => response.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    await Promise.all(ids.map((id) => post('order/find', { id })));
    await sql`alter table orders add column added_by_a_newer_server text`.execute(t.deps.db);
    try {
      const sent = await Promise.all(ids.map((id) => post('send/update', { id, ...PAYER })));
      expect(sent.map((response) => response.statusCode)).toEqual(Array(AT_ONCE).fill(200));
      const found = await Promise.all(ids.map(async (id) => (await post('order/find', { id })).json()));
      expect(found.map((body) => body.data.student_email)).toEqual(Array(AT_ONCE).fill(PAYER.student_email));
    } finally {
      await sql`alter table orders drop column added_by_a_newer_server`.execute(t.deps.db);
    }
  });
});

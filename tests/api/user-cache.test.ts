import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/**
 * The signed-in user is cached between requests, and every change of the user row, made by this
 * process or by any other, ends the cached copy: a revoked session or a new role holds at once.
 */
describe.each(ENGINES)('the user cache on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer] = t.users('payer');

  const orders = () => t.post('/api/v1/step/order/findOrders', {}, payer.token);

  it('answers from the cache while the row is unchanged, and drops the user when another process changes the row', async () => {
    expect((await orders()).statusCode).toBe(200);
    // A change that announces nothing (the trigger off) is not seen: the user came from the cache.
    await sql`alter table users disable trigger users_changed`.execute(t.deps.db);
    await sql`update users set sessions_valid_after = now() + interval '1 hour' where id = ${payer.id}`.execute(t.deps.db);
    expect((await orders()).statusCode).toBe(200);
    await sql`alter table users enable trigger users_changed`.execute(t.deps.db);
    // As another process would: a plain UPDATE, announced by the trigger.
    await sql`update users set name = name where id = ${payer.id}`.execute(t.deps.db);
    await vi.waitFor(async () => expect((await orders()).statusCode).toBe(401), { timeout: 5_000 });
  });
});

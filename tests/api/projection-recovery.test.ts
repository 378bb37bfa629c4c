import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { orderStreamId } from '../../src/domain/index.js';
import { createDraft, fillDetails } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/**
 * A projection batch that fails (here a trigger refuses every write to `orders` while a row sits
 * in `sabotage`) must not be dropped or stop the projector: it is retried until it succeeds, the
 * health check says so meanwhile, and no user command is taken that would be stored but look failed.
 */
/** Each engine, and on PostgreSQL the projector on a thread of its own too (as `npm start` runs it there). */
const CASES = [
  ...ENGINES.map((engine) => ({ label: engine, engine, backgroundThreads: false })),
  ...(ENGINES.includes('postgres') ? [{ label: 'postgres, on its own thread', engine: 'postgres' as const, backgroundThreads: true }] : []),
];

describe.each(CASES)('the projector after a failed batch, on $label', ({ engine, backgroundThreads }) => {
  const t = appForSuite(engine, { backgroundThreads });
  const [payer] = t.users('payer');

  beforeAll(async () => {
    await sql`create table sabotage (on_ boolean)`.execute(t.deps.db);
    await sql`create function refuse_while_sabotaged() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from sabotage) then raise exception 'sabotaged'; end if;
        return new;
      end $$`.execute(t.deps.db);
    await sql`create trigger refuse_while_sabotaged before insert or update on orders
      for each row execute function refuse_while_sabotaged()`.execute(t.deps.db);
  });

  const health = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    return { code: response.statusCode, body: response.json() };
  };
  const until = async (check: () => Promise<boolean>, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('condition not reached');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const statusRow = (id: string) =>
    t.deps.db.selectFrom('orders').select(['status', 'revision']).where('id', '=', id).executeTakeFirstOrThrow();

  it('retries the batch until it succeeds, refusing user commands meanwhile', async () => {
    const id = await createDraft(t, payer);
    await fillDetails(t, payer, id);
    const stream = orderStreamId(id);
    await sql`insert into sabotage values (true)`.execute(t.deps.db);

    // An event written without waiting (as the sweeper writes): its projection fails.
    await runOrderCommand(t.deps, id, { type: 'cancelOrder' }, { id: String(payer.id), role: 'payer' }, { skipProjectionWait: true });
    await until(async () => (await health()).code === 503);
    expect((await health()).body).toMatchObject({ status: 'degraded', projections: 'failing' });

    const eventsBefore = (await t.deps.eventStore.readStream(stream)).length;
    const refused = await t.post('/api/v1/step/amount/create', { resource: 1004, amount: '5000' }, payer.token);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ status: 503, code: 'service_unavailable', message: '服务暂时不可用，请稍后重试', errors: {} });
    expect((await t.deps.eventStore.readStream(stream)).length).toBe(eventsBefore);
    expect((await statusRow(id)).status).toBe(0);

    await sql`delete from sabotage`.execute(t.deps.db);
    await until(async () => (await statusRow(id)).status === 8);
    await until(async () => (await health()).code === 200);
    expect((await health()).body).toMatchObject({ status: 'ok', projections: 'ok' });
    const next = await t.post('/api/v1/step/amount/create', { resource: 1004, amount: '5000' }, payer.token);
    expect(next.statusCode, next.body).toBe(200);
  });
});

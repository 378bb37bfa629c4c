import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { startDeadlineSweeper, TIMING_OUT_STATUSES, type DeadlineSweeper } from '../../src/api/sweeper/deadline-sweeper.js';
import { orderStreamId } from '../../src/domain/index.js';
import { dataOf, filePart, orderInStatus, postMultipart, SAMPLE_FILES } from './support/fixtures.js';
import { anotherProcess } from './support/another-process.js';
import { ENGINES, startTestApp, type TestApp, type TestUser } from './support/test-app.js';

const HOUR = 3_600_000;
const DEADLINE = 72 * HOUR;

describe.each(ENGINES)('the deadline sweeper on %s', (engine) => {
  let t: TestApp;
  let payer: TestUser;
  let sweeper: DeadlineSweeper;

  beforeAll(async () => {
    t = await startTestApp(engine);
    // A long interval: these tests call sweepOnce themselves.
    sweeper = startDeadlineSweeper(t.deps, { intervalMs: HOUR });
  });
  afterAll(async () => {
    await sweeper?.stop();
    await t?.close();
  });
  // The clock runs days ahead from test to test: a fresh user keeps the access token valid.
  beforeEach(async () => {
    payer = await t.createUser();
  });
  // Expire whatever a test left behind, so each test's counts are its own.
  afterEach(async () => {
    t.clock.advance(DEADLINE + HOUR);
    await sweeper.sweepOnce();
  });

  it("reads the machine's timing-out statuses through the partial index whose predicate they are", async () => {
    expect(TIMING_OUT_STATUSES).toEqual([1, 2, 3]);
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'orders_deadline'`.execute(
      t.deps.db,
    );
    const predicate = /WHERE \(status = ANY \(ARRAY\[([\d, ]+)\]\)\)/.exec(rows[0]!.indexdef)?.[1];
    expect(predicate?.split(', ').map(Number)).toEqual(TIMING_OUT_STATUSES);
  });

  const events = async (id: string) => t.deps.eventStore.readStream(orderStreamId(id));
  const timeouts = async (id: string) => (await events(id)).filter((event) => event.type === 'OrderTimedOut');
  /** The read row once it shows every event (the sweeper does not wait for the projection). */
  async function projectedStatus(id: string): Promise<number> {
    const last = (await events(id)).at(-1)!;
    await t.deps.projections.waitFor(id, last.revision);
    return (await t.deps.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  }

  async function orderWithDocuments(): Promise<string> {
    const id = await orderInStatus(t, payer, 2);
    const upload = await postMultipart(
      t,
      '/api/v1/step/order/upload',
      [{ name: 'id', value: id }, filePart('bill.pdf', SAMPLE_FILES.pdf())],
      payer.token,
    );
    const { files } = dataOf<{ files: unknown[] }>(upload, 'upload');
    dataOf(await t.post('/api/v1/step/order/updateFile', { id, fileList: files }, payer.token), 'updateFile');
    dataOf(await t.post('/api/v1/step/order/finishUpload', { id }, payer.token), 'finishUpload');
    return id;
  }

  async function paidOrder(): Promise<string> {
    const id = await orderInStatus(t, payer, 2);
    const { cny_amount } = await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', id).executeTakeFirstOrThrow();
    await runOrderCommand(
      t.deps,
      id,
      { type: 'recordPayment', payment_id: `pay-${id}`, amount_cny: cny_amount! },
      { id: 'payment-provider', role: 'bank' },
    );
    return id;
  }

  it('expires overdue orders in status 1, 2 and 3 (→ 11) and leaves drafts and paid orders alone', async () => {
    const overdue = [await orderInStatus(t, payer, 1), await orderInStatus(t, payer, 2), await orderWithDocuments()];
    const draft = await orderInStatus(t, payer, 0);
    const paid = await paidOrder();
    t.clock.advance(DEADLINE);

    expect(await sweeper.sweepOnce()).toBe(3);
    for (const id of overdue) {
      expect(await projectedStatus(id)).toBe(11);
      const [timedOut] = await timeouts(id);
      expect(timedOut?.metadata['actor']).toEqual({ id: 'deadline-sweeper', role: 'system' });
    }
    expect(await projectedStatus(draft)).toBe(0);
    expect(await projectedStatus(paid)).toBe(4);
    expect(await sweeper.sweepOnce()).toBe(0);
  });

  it('leaves an order untouched until its deadline', async () => {
    const id = await orderInStatus(t, payer, 2);
    t.clock.advance(DEADLINE - 1_000);
    expect(await sweeper.sweepOnce()).toBe(0);
    expect(await timeouts(id)).toEqual([]);
    expect(await projectedStatus(id)).toBe(2);
  });

  it('writes one OrderTimedOut per overdue order when three sweeps run at once', async () => {
    const overdue = await Promise.all([1, 2, 3, 4].map(() => orderInStatus(t, payer, 2)));
    t.clock.advance(DEADLINE + 1_000);
    const counts = await Promise.all([sweeper.sweepOnce(), sweeper.sweepOnce(), sweeper.sweepOnce()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(overdue.length);
    for (const id of overdue) expect(await timeouts(id)).toHaveLength(1);
  });

  it('lets a payment and the sweep race: the order ends paid or timed out, never both', async () => {
    const id = await orderInStatus(t, payer, 2);
    t.clock.advance(DEADLINE);
    const { cny_amount } = await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', id).executeTakeFirstOrThrow();
    const pay = runOrderCommand(
      t.deps,
      id,
      { type: 'recordPayment', payment_id: 'racing', amount_cny: cny_amount! },
      { id: 'payment-provider', role: 'bank' },
    );
    const [swept, paid] = await Promise.allSettled([sweeper.sweepOnce(), pay]);
    const types = (await events(id)).map((event) => event.type);
    const outcomes = types.filter((type) => type === 'OrderTimedOut' || type === 'PaymentReceived');
    expect(outcomes).toHaveLength(1);
    expect(swept).toEqual({ status: 'fulfilled', value: outcomes[0] === 'OrderTimedOut' ? 1 : 0 });
    expect(paid.status).toBe(outcomes[0] === 'PaymentReceived' ? 'fulfilled' : 'rejected');
  });

  it('sweeps on its own every interval, and stops', async () => {
    const id = await orderInStatus(t, payer, 2);
    t.clock.advance(DEADLINE);
    const ticking = startDeadlineSweeper(t.deps, { intervalMs: 10 });
    try {
      for (let waited = 0; (await timeouts(id)).length === 0 && waited < 5_000; waited += 20) await sleep(20);
      expect(await timeouts(id)).toHaveLength(1);
    } finally {
      await ticking.stop();
    }
    const later = await orderInStatus(t, payer, 2);
    t.clock.advance(DEADLINE);
    await sleep(100);
    expect(await timeouts(later)).toEqual([]);
  });

  it.runIf(engine === 'postgres')(
    'writes one OrderTimedOut per order when three processes with their own pools sweep at once',
    async () => {
      const overdue = await Promise.all([1, 2, 3, 4, 5, 6].map(() => orderInStatus(t, payer, 2)));
      t.clock.advance(DEADLINE + 1_000);
      const processes = [await anotherProcess(t), await anotherProcess(t)];
      const sweepers = [sweeper, ...processes.map((process) => startDeadlineSweeper(process.deps, { intervalMs: HOUR }))];
      try {
        const counts = await Promise.all(sweepers.map((each) => each.sweepOnce()));
        expect(counts.reduce((sum, count) => sum + count, 0)).toBe(overdue.length);
        for (const id of overdue) expect(await timeouts(id)).toHaveLength(1);
      } finally {
        for (const each of sweepers.slice(1)) await each.stop();
        for (const process of processes) await process.close();
      }
    },
  );
});

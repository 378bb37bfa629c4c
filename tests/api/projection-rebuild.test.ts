import fc from 'fast-check';
import { statusCounts } from '../../src/projections/status-counts.js';
import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { rebuildOrderProjection } from '../../src/projections/projection-runner.js';
import { sql } from 'kysely';
import { fillPayerDetails, legacyOrderNumber, type Actor, type OrderCommand } from '../../src/domain/index.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestApp } from './support/test-app.js';

const BANK: Actor = { id: 'bank', role: 'bank' };
const ADMIN: Actor = { id: 'admin', role: 'admin' };

/** Reads every order read table in a stable order, for comparison. */
async function snapshot(t: TestApp) {
  const db = t.deps.db;
  const [orders, history, terms, counts] = await Promise.all([
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db.selectFrom('order_history').selectAll().orderBy('order_id').orderBy('revision').execute(),
    db.selectFrom('order_search_terms').selectAll().orderBy('order_id').orderBy('term').execute(),
    statusCounts(db),
  ]);
  return { orders, history, terms, counts };
}

/** How far each random order goes, and what happens to it there. */
const lifeArb = fc.record({
  stopAfter: fc.integer({ min: 1, max: 8 }),
  ending: fc.constantFrom('none', 'cancel', 'short', 'materials', 'complete', 'refund'),
  amount: fc.integer({ min: 3000, max: 90000 }),
});

describe.each(ENGINES)('projections on %s', (engine) => {
  const t = appForSuite(engine);

  /**
   * Stores the command while nothing projects, so the order's row stays behind its stream; the
   * projector starts again 300 ms later (`restarted`), while the caller's next step runs.
   */
  async function leaveTheRowBehind(id: string, command: OrderCommand, actor: Actor): Promise<{ restarted: Promise<void> }> {
    await t.runtime.deps.projections.stop();
    await runOrderCommand(t.deps, id, command, actor, { skipProjectionWait: true });
    return { restarted: new Promise((resolve) => setTimeout(resolve, 300)).then(() => t.runtime.deps.projections.start()) };
  }

  /** The read tables now, then after a rebuild from the log: they must be equal. */
  async function expectRebuildEqual(): Promise<void> {
    const live = await snapshot(t);
    await t.runtime.deps.projections.stop();
    await rebuildOrderProjection(t.deps.db, t.deps.eventStore);
    expect(await snapshot(t)).toEqual(live);
    await t.runtime.deps.projections.start();
  }

  /** A new payer and their new order (row and stream at revision 0). */
  async function newOrder() {
    const user = await t.createUser();
    const payer: Actor = { id: String(user.id), role: 'payer' };
    const id = (await t.post('/api/v1/step/amount/create', { resource: 996, amount: 5000 }, user.token)).json().data.id as string;
    return { user, payer, id };
  }

  it('a rebuild from the log gives read tables identical to the live ones after a random workload', async () => {
    const lives = fc.sample(lifeArb, { numRuns: 12, seed: 42 });
    const staff = await t.createUser({ group: 3 });
    for (const [index, life] of lives.entries()) {
      // Warehouse records between the orders: a rebuild's pages mix both kinds of stream.
      const inbound = {
        waybill_id: `SF-REBUILD-${index}`,
        client_code: 'C-001',
        client_code2: '',
        client_code3: '',
        quantity: 1,
        weight: '1.5',
        desc: '医疗器械',
        remark: '',
      };
      expect((await t.post('/api/v1/warehouse/in/create', inbound, staff.token)).statusCode).toBe(200);
      const user = await t.createUser();
      const payer: Actor = { id: String(user.id), role: 'payer' };
      const created = await t.post('/api/v1/step/amount/create', { resource: 996, amount: life.amount }, user.token);
      const id = created.json().data.id as string;
      const steps: [OrderCommand, Actor][] = [
        [{ type: 'saveRecipientAccount', account: ACCOUNT }, payer],
        [{ type: 'savePayerDetails', payer: fillPayerDetails(PAYER) }, payer],
        [{ type: 'confirmOrder', rate: '8.2', markup: '0.01', deadline_ms: 3_600_000 }, payer],
        [{ type: 'choosePaymentMethod', bank: 1, reserve: { name: 'Reserve', bank: 'Demo Bank', account_no: '6222 0000' } }, payer],
        ...(life.ending === 'short'
          ? ([[{ type: 'recordPayment', payment_id: `p-${id}`, amount_cny: '10.00' }, BANK]] as [OrderCommand, Actor][])
          : ([[{ type: 'finishPay' }, payer]] as [OrderCommand, Actor][])),
        ...(life.ending === 'materials' ? ([[{ type: 'requestMoreMaterials', note: 'more' }, BANK]] as [OrderCommand, Actor][]) : []),
        ...(life.ending === 'complete'
          ? ([
              // The money arrives after the declaration (more than due, at a rate below 9): 6 and 7 wait for it.
              [{ type: 'recordPayment', payment_id: `p-${id}`, amount_cny: (Number(life.amount) * 9).toFixed(2) }, BANK],
              [{ type: 'setStatus', status: 6 }, ADMIN],
              [{ type: 'setStatus', status: 7 }, ADMIN],
            ] as [OrderCommand, Actor][])
          : []),
        ...(life.ending === 'refund'
          ? ([
              [{ type: 'setStatus', status: 9 }, ADMIN],
              [{ type: 'setStatus', status: 10 }, ADMIN],
            ] as [OrderCommand, Actor][])
          : []),
      ];
      for (const [command, actor] of steps.slice(0, life.stopAfter)) await runOrderCommand(t.deps, id, command, actor);
      if (life.ending === 'cancel' && life.stopAfter <= 3) await runOrderCommand(t.deps, id, { type: 'cancelOrder' }, payer);
    }
    const live = await snapshot(t);
    expect(live.orders.length).toBeGreaterThanOrEqual(12);
    await t.runtime.deps.projections.stop();
    const replayed = await rebuildOrderProjection(t.deps.db, t.deps.eventStore);
    // Every order event, and the one event of each warehouse record.
    expect(replayed).toBe(live.history.length + lives.length);
    expect(await snapshot(t)).toEqual(live);
    // Pages of three events and one order's state kept between them: orders are read back from
    // their rows, folded across pages, written while the next page is folded, with the same result.
    await rebuildOrderProjection(t.deps.db, t.deps.eventStore, { pageSize: 3, carriedOrders: 1 });
    expect(await snapshot(t)).toEqual(live);
  });

  it('a term an order no longer has is gone after a replay too, whether its events fall in one page or several', async () => {
    const { payer, id } = await newOrder();
    await runOrderCommand(t.deps, id, { type: 'saveRecipientAccount', account: ACCOUNT }, payer);
    const renamed = { ...PAYER, student_first_name: '四', student_email: 'li@example.com', payer_phone: '13900139000' };
    for (const details of [PAYER, renamed])
      await runOrderCommand(t.deps, id, { type: 'savePayerDetails', payer: fillPayerDetails(details) }, payer);
    const live = await snapshot(t);
    const termsOf = (tables: typeof live) => tables.terms.filter((row) => row.order_id === id).map((row) => row.term);
    expect(termsOf(live)).toEqual(expect.arrayContaining(['张四', '13900139000']));
    expect(termsOf(live)).not.toEqual(expect.arrayContaining(['张三丰']));
    await t.runtime.deps.projections.stop();
    try {
      for (const pageSize of [5000, 1]) {
        // Pages of one event: each of the order's events after its first is folded from the state the
        // page before left, so its old terms are on record and must be deleted.
        await rebuildOrderProjection(t.deps.db, t.deps.eventStore, { pageSize, carriedOrders: 1 });
        expect(await snapshot(t)).toEqual(live);
      }
    } finally {
      await t.runtime.deps.projections.start();
    }
  });

  it('a row kept before order numbers keeps the number a replay gives it when a command changes it', async () => {
    const { user, id } = await newOrder();
    // As migration 0017 left such a row: the column filled in, the kept state without the number.
    const row = await t.deps.db.selectFrom('orders').select(['created_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const legacy = legacyOrderNumber(id, row.created_at.toISOString());
    await sql`update orders set state = state - 'order_no', order_no = ${legacy} where id = ${id}`.execute(t.deps.db);
    expect((await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, user.token)).statusCode).toBe(200);
    expect((await t.post('/api/v1/step/order/find', { id }, user.token)).json().data.order_no).toBe(legacy);
  });

  it('the order number sequence never hands out a number the log already holds, even after a rebuild into a fresh sequence', async () => {
    const { user, id } = await newOrder();
    const taken = (await t.post('/api/v1/step/order/find', { id }, user.token)).json().data.order_no as string;
    // A read database made anew (say beside an EventStoreDB that holds the orders): its sequence starts again.
    await sql`select setval('order_no_seq', 1, false)`.execute(t.deps.db);
    await rebuildOrderProjection(t.deps.db, t.deps.eventStore);
    const next = await newOrder();
    const numbered = (await t.post('/api/v1/step/order/find', { id: next.id }, next.user.token)).json().data.order_no as string;
    expect(Number(numbered.split('-')[1])).toBeGreaterThan(Number(taken.split('-')[1]));
  });

  it("neither a command's new order row nor a replay's runs the trigger row by row: a replay's page moves the sequence past its numbers itself", async () => {
    const db = t.deps.db;
    const { def } = (await sql<{ def: string }>`select pg_get_functiondef('advance_order_no_seq()'::regprocedure) as def`.execute(db))
      .rows[0]!;
    await sql`create table trigger_runs (order_id text not null)`.execute(db);
    await sql`create or replace function advance_order_no_seq() returns trigger language plpgsql as $fn$
      begin insert into trigger_runs values (new.id); return null; end $fn$`.execute(db);
    const runs = async () =>
      (await sql<{ order_id: string }>`select order_id from trigger_runs`.execute(db)).rows.map((row) => row.order_id);
    try {
      const { id, user } = await newOrder();
      expect(await runs()).toEqual([]);
      const numbered = (await t.post('/api/v1/step/order/find', { id }, user.token)).json().data.order_no as string;
      await sql`select setval('order_no_seq', 1, false)`.execute(db);
      await rebuildOrderProjection(db, t.deps.eventStore, { pageSize: 1 });
      expect(await runs()).toEqual([]);
      const { rows } = await sql<{ last: string }>`select last_value::text as last from order_no_seq`.execute(db);
      expect(Number(rows[0]!.last)).toBeGreaterThanOrEqual(Number(numbered.split('-')[1]));
    } finally {
      await sql.raw(def).execute(db);
      await sql`drop table trigger_runs`.execute(db);
    }
  });

  it('a command whose order row lags behind its stream leaves the row to the projector, and the tables still equal a rebuild', async () => {
    const { payer, id } = await newOrder();
    // The row stays at revision 0, the stream moves to 1.
    const { restarted } = await leaveTheRowBehind(id, { type: 'saveRecipientAccount', account: ACCOUNT }, payer);
    await runOrderCommand(t.deps, id, { type: 'savePayerDetails', payer: fillPayerDetails(PAYER) }, payer);
    await restarted;
    const row = await t.deps.db
      .selectFrom('orders')
      .select(['revision', 'student_email', 'accept_account_no'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([String(row.revision), row.student_email, row.accept_account_no]).toEqual(['2', PAYER.student_email, ACCOUNT.accept_account_no]);
    await expectRebuildEqual();
  });

  it('steps decided on a read row that is behind are decided again on the stream, and concurrent steps all land', async () => {
    const { user, payer, id } = await newOrder();
    // The row stays at revision 0 while the stream moves on: the next step decides on a stale row.
    const { restarted } = await leaveTheRowBehind(id, { type: 'changeAmount', amount: '6000' }, payer);
    const { student_last_name_pinyin: _last, student_first_name_pinyin: _first, ...payerForm } = PAYER;
    const sent = await t.post('/api/v1/step/send/update', { id, ...payerForm }, user.token);
    await restarted;
    expect(sent.statusCode).toBe(200);
    // Two steps at once on one order: one of them finds the stream moved and decides again.
    const [accepted, amount] = await Promise.all([
      t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, user.token),
      t.post('/api/v1/step/amount/create', { id, resource: 996, amount: '7000' }, user.token),
    ]);
    expect([accepted.statusCode, amount.statusCode]).toEqual([200, 200]);
    const order = (await t.post('/api/v1/step/order/find', { id }, user.token)).json().data;
    expect([order.amount, order.student_email, order.accept_account_no]).toEqual([
      '7000.00',
      PAYER.student_email,
      ACCOUNT.accept_account_no,
    ]);
    const stream = await t.deps.eventStore.readStream(`order-${id}`);
    expect(stream.map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
    await expectRebuildEqual();
  });

  it('what a read row that is behind refuses, or finds unchanged, is decided again on the stream', async () => {
    const { user, payer, id } = await newOrder();
    expect((await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, user.token)).statusCode).toBe(200);
    // The row shows account A; the stream already holds account B.
    const accountB = await leaveTheRowBehind(
      id,
      { type: 'saveRecipientAccount', account: { ...ACCOUNT, accept_account_no: 'GB82WEST12345698765432' } },
      payer,
    );
    // Saving A again is "unchanged" to the row, but a change to the stream: it must be recorded.
    expect((await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, user.token)).statusCode).toBe(200);
    await accountB.restarted;
    expect((await t.post('/api/v1/step/order/find', { id }, user.token)).json().data.accept_account_no).toBe(ACCOUNT.accept_account_no);
    // The stream holds the payer's details, the row does not: confirming is refused by the row only.
    const details = await leaveTheRowBehind(id, { type: 'savePayerDetails', payer: fillPayerDetails(PAYER) }, payer);
    const confirmed = await t.post('/api/v1/step/check/update', { id }, user.token);
    await details.restarted;
    expect(confirmed.statusCode).toBe(200);
    expect((await t.post('/api/v1/step/order/find', { id }, user.token)).json().data.status).toBe(1);
  });
});

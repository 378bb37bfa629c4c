import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyStore } from '../../src/api/audit/verify-store.js';
import type { AuditVerifyReport } from '../../src/domain/index.js';
import { orderInStatus } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const BATCH = 2;
const ORDERS = 5;

/** The report less what depends on the clock. */
const untimed = ({ duration_ms: _ms, events_per_second: _rate, ...report }: AuditVerifyReport) => report;

/**
 * audit:verify walks the store a batch of streams at a time and keeps nothing of a batch once it is
 * checked: what a batch holds is bounded by the batch size, not the store's size, and batching does
 * not change what is found.
 */
describe.each(ENGINES)('audit:verify in batches on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, admin] = t.users('payer', 'admin');
  const orders: string[] = [];

  beforeAll(async () => {
    for (let index = 0; index < ORDERS; index += 1) orders.push(await orderInStatus(t, payer, index % 3 === 0 ? 2 : 1));
    await t.post('/api/v1/audit/checkpoint', {}, admin.token);
  });

  const inBatches = async () => {
    const batches: { streams: number; orders: number; events: number }[] = [];
    const report = await verifyStore(t.deps, { streamsPerBatch: BATCH, onBatch: (batch) => batches.push(batch) });
    return { report, batches };
  };

  it('never holds more than a batch of streams and orders, and reports the same as one big batch', async () => {
    const { report, batches } = await inBatches();
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.orders).toBeGreaterThanOrEqual(ORDERS);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(report.streams / BATCH));
    for (const batch of batches) {
      expect(batch.streams).toBeLessThanOrEqual(BATCH);
      expect(batch.orders).toBeLessThanOrEqual(BATCH);
    }
    expect(batches.reduce((sum, batch) => sum + batch.orders, 0)).toBe(report.orders);
    expect(batches.reduce((sum, batch) => sum + batch.events, 0)).toBe(report.events);
    expect(untimed(report)).toEqual(untimed(await verifyStore(t.deps, { streamsPerBatch: 1000 })));
  });

  it('finds, batch by batch, a missing read row, a read row without events and an event gone since the checkpoint', async () => {
    const [missing, copied, cut] = [orders[0]!, orders[1]!, orders[2]!];
    const row = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', copied).executeTakeFirstOrThrow();
    const last = await t.deps.db
      .selectFrom('es_events')
      .select(['position', 'stream_revision'])
      .where('stream_id', '=', `order-${cut}`)
      .orderBy('stream_revision', 'desc')
      .executeTakeFirstOrThrow();
    await sql`create table saved_events as select * from es_events where position = ${last.position}`.execute(t.deps.db);
    await sql`create table saved_rows as select * from orders where id = ${missing}`.execute(t.deps.db);
    await t.deps.db.deleteFrom('orders').where('id', '=', missing).execute();
    await sql`insert into orders select * from jsonb_populate_record(null::orders, ${JSON.stringify({ ...row, id: 'zz-no-events', order_number: 'zz-no-events' })}::jsonb)`.execute(
      t.deps.db,
    );
    await sql`delete from es_events where position = ${last.position}`.execute(t.deps.db);
    try {
      const { report } = await inBatches();
      expect(report.ok).toBe(false);
      expect(report.problems).toContainEqual({
        stream: `order-${missing}`,
        revision: expect.any(String),
        field: '(row)',
        problem: 'read_row_missing',
      });
      expect(report.problems).toContainEqual({
        stream: 'order-zz-no-events',
        revision: null,
        field: '(row)',
        problem: 'read_row_without_events',
      });
      expect(report.problems).toContainEqual({
        stream: `order-${cut}`,
        revision: last.stream_revision,
        field: 'event',
        problem: 'missing_since_checkpoint',
      });
    } finally {
      await sql`insert into es_events select * from saved_events`.execute(t.deps.db);
      await sql`insert into orders select * from saved_rows`.execute(t.deps.db);
      await t.deps.db.deleteFrom('orders').where('id', '=', 'zz-no-events').execute();
      await sql`drop table saved_events, saved_rows`.execute(t.deps.db);
    }
    expect((await inBatches()).report.ok).toBe(true);
  });
});

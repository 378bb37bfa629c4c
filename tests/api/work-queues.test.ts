import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { ORDER_QUEUES, ORDER_SORTS, type OrderQueue } from '../../src/domain/index.js';
import { paidOrder } from './support/back-office.js';
import { dataOf, filePart, orderInStatus, postMultipart, SAMPLE_FILES } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestApp, type TestUser } from './support/test-app.js';

const M = '/api/v1/manage';
const BANK = { id: 'bank', role: 'bank' } as const;

interface Row {
  id: string;
  status: number;
  created_at: string;
  status_since: string;
  cny_amount: string | null;
  balance_cny: string;
}
interface Page {
  data: Row[];
  next_page_url: string | null;
}

const dueOf = async (t: TestApp, id: string) =>
  (await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', id).executeTakeFirstOrThrow()).cny_amount!;

/** Every row of a filtered list, walking its pages. */
export async function walk(t: TestApp, user: TestUser, body: Record<string, unknown>, path = `${M}/orders`): Promise<Row[]> {
  const rows: Row[] = [];
  for (let url: string | null = path; url !== null;) {
    const page: Page = dataOf(await t.post(url, body, user.token), url);
    rows.push(...page.data);
    url = page.next_page_url;
  }
  return rows;
}

/** Orders built through the real commands, one (or two) in each situation of DESIGN.md section 10. */
async function ordersInEverySituation(t: TestApp, payer: TestUser, admin: TestUser) {
  const awaitingPayment = await orderInStatus(t, payer, 2);
  const declared = await orderInStatus(t, payer, 2);
  dataOf(await t.post('/api/v1/step/order/finishPay', { id: declared }, payer.token), 'finishPay');
  const uploaded = await orderInStatus(t, payer, 2);
  const { files } = dataOf<{ files: unknown[] }>(
    await postMultipart(
      t,
      '/api/v1/step/order/upload',
      [{ name: 'id', value: uploaded }, filePart('bill.pdf', SAMPLE_FILES.pdf())],
      payer.token,
    ),
    'upload',
  );
  dataOf(await t.post('/api/v1/step/order/updateFile', { id: uploaded, fileList: files }, payer.token), 'updateFile');
  dataOf(await t.post('/api/v1/step/order/finishUpload', { id: uploaded }, payer.token), 'finishUpload');
  const paid = await paidOrder(t, payer);
  const short = await orderInStatus(t, payer, 2);
  await runOrderCommand(t.deps, short, { type: 'recordPayment', payment_id: `short-${short}`, amount_cny: '1.00' }, BANK);
  const materials = await paidOrder(t, payer);
  await runOrderCommand(t.deps, materials, { type: 'requestMoreMaterials', note: 'passport' }, BANK);
  const overpaid = await orderInStatus(t, payer, 2);
  const due = await dueOf(t, overpaid);
  await runOrderCommand(
    t.deps,
    overpaid,
    { type: 'recordPayment', payment_id: `over-${overpaid}`, amount_cny: (Number(due) + 100).toFixed(2) },
    BANK,
  );
  const refunding = await paidOrder(t, payer);
  dataOf(await t.post(`${M}/setStatus`, { id: refunding, status: 9, reason: 'payer asked' }, admin.token), 'setStatus 9');
  const draft = await orderInStatus(t, payer, 0);
  // The payer wrote last on `materials` and `wrote`; on `answered` the back office replied; `ended` was cancelled after the payer wrote.
  const wrote = await orderInStatus(t, payer, 2);
  const answered = await orderInStatus(t, payer, 2);
  const ended = await orderInStatus(t, payer, 1);
  for (const id of [materials, wrote, answered, ended])
    dataOf(await t.post('/api/v1/step/order/message', { id, text: '请问进度？' }, payer.token), 'payer writes');
  dataOf(await t.post(`${M}/order/message`, { id: answered, text: '银行审核中' }, admin.token), 'admin answers');
  dataOf(await t.post('/api/v1/step/order/cancel', { id: ended }, payer.token), 'payer cancels');
  const expected: Record<OrderQueue, string[]> = {
    awaiting_funds: [awaitingPayment, declared, uploaded, wrote, answered],
    funds_received: [paid, overpaid],
    awaiting_payer: [short, materials],
    to_answer: [materials, wrote],
    documents: [uploaded],
    overpaid: [overpaid],
    refunding: [refunding],
  };
  return {
    expected,
    all: [awaitingPayment, declared, uploaded, paid, short, materials, overpaid, refunding, draft, wrote, answered, ended],
  };
}

describe.each(ENGINES)('work queues on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, auditor, payer] = t.users('admin', 'auditor', 'payer');

  it('each queue holds exactly the orders in its situation, and the statistic counts what the lists hold', async () => {
    const { expected } = await ordersInEverySituation(t, payer, admin);
    const statistic = dataOf<{ queue_counts: Record<OrderQueue, number>; sla_hours: number }>(
      await t.post(`${M}/statistic`, {}, auditor.token),
      'statistic',
    );
    expect(statistic.sla_hours).toBe(24);
    for (const queue of ORDER_QUEUES) {
      const listed = await walk(t, admin, { queue });
      expect(listed.map((row) => row.id).sort(), queue).toEqual([...expected[queue]].sort());
      expect(statistic.queue_counts[queue], queue).toBe(listed.length);
    }
  });

  it('filters by a status list and by China-time creation days, inclusive', async () => {
    const rows = await walk(t, admin, { status: [2, 3] });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 2 || row.status === 3)).toBe(true);
    const all = await walk(t, admin, {});
    const created = new Date(all[0]!.created_at);
    const chinaDay = new Date(created.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await walk(t, admin, { created_from: chinaDay, created_to: chinaDay })).length).toBe(all.length);
    const dayAfter = new Date(created.getTime() + 32 * 3600_000).toISOString().slice(0, 10);
    expect(await walk(t, admin, { created_from: dayAfter })).toEqual([]);
    expect(await walk(t, admin, { created_to: '2000-01-01' })).toEqual([]);
  });

  it('a cursor of one sort is refused by another (400 invalid_cursor)', async () => {
    for (let i = 0; i < 21; i += 1) await orderInStatus(t, payer, 1);
    const first = dataOf<Page>(await t.post(`${M}/orders`, { sort: 'amount' }, admin.token), 'amount');
    expect(first.next_page_url).not.toBeNull();
    const refused = await t.post(first.next_page_url!, { sort: '-status_since' }, admin.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_cursor' });
    const forged = Buffer.from(JSON.stringify({ sort: 'amount', key: '1; drop table orders', id: 'x' })).toString('base64url');
    const answer = await t.post(`${M}/orders?cursor=${forged}`, { sort: 'amount' }, admin.token);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_cursor' });
  });

  it('for random orders and any sort, walking the pages gives each order exactly once, in order (property)', async () => {
    let run = 0;
    const order = fc.record({
      day: fc.integer({ min: 0, max: 2 }),
      second: fc.integer({ min: 0, max: 3 }),
      since: fc.integer({ min: 0, max: 3 }),
      amount: fc.option(fc.integer({ min: 0, max: 4 }).map((n) => `${n * 1000}.50`)),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 0, maxLength: 45 }), fc.constantFrom(...ORDER_SORTS), async (orders, sort) => {
        run += 1;
        // Each run in days of its own (China time), so the filter finds its orders only.
        const base = Date.UTC(2001, 0, 1) + run * 10 * 86_400_000;
        const rows = orders.map((o, i) => ({
          id: `p${String(run).padStart(4, '0')}-${String(i).padStart(3, '0')}`,
          created_at: new Date(base + o.day * 86_400_000 + o.second * 1000),
          status_since: new Date(base + o.since * 60_000),
          cny_amount: o.amount,
        }));
        if (rows.length > 0)
          await t.deps.db
            .insertInto('orders')
            .values(
              rows.map((row) => ({
                ...row,
                kind: 'order' as const,
                owner_id: payer.id,
                status: 2,
                amount: '100',
                currency: 'EUR',
                resource: '1004',
                resource_name: 'x',
                order_no: row.id,
                student_last_name: '',
                student_first_name: '',
                student_last_name_pinyin: '',
                student_first_name_pinyin: '',
                payer_phone: '',
                state: JSON.stringify({}),
                revision: '0',
                updated_at: row.created_at,
              })) as never,
            )
            .execute();
        const key = sort.replace(/^-/, '');
        const valueOf = (row: (typeof rows)[number]) =>
          key === 'created' ? row.created_at.getTime() : key === 'status_since' ? row.status_since.getTime() : Number(row.cny_amount ?? 0);
        const sign = sort.startsWith('-') ? -1 : 1;
        const expected = [...rows]
          .sort((a, b) => sign * (valueOf(a) - valueOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
          .map((row) => row.id);
        const day = (offset: number) => new Date(base + offset * 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
        const walked = await walk(t, admin, { sort, created_from: day(0), created_to: day(2) });
        expect(walked.map((row) => row.id)).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});

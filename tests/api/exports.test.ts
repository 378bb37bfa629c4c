import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { chinaDayOf } from '../../src/domain/index.js';
import { paidOrder } from './support/back-office.js';
import { dataOf, orderInStatus } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestUser } from './support/test-app.js';

const M = '/api/v1/manage';
const BANK = { id: 'bank', role: 'bank' } as const;

describe.each(ENGINES)('exports, dashboard and the log across orders on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, auditor, warehouse, payer] = t.users('admin', 'auditor', 'warehouse', 'payer');

  const get = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user ? { authorization: `Bearer ${user.token}` } : {} });
  const csvRows = (body: string) => parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

  let paid = '';
  let formula = '';
  it('builds the orders (paid, short, formula-like name, a draft)', async () => {
    paid = await paidOrder(t, payer);
    const short = await orderInStatus(t, payer, 2);
    await runOrderCommand(t.deps, short, { type: 'recordPayment', payment_id: `short-${short}`, amount_cny: '10.00' }, BANK);
    formula = await orderInStatus(t, payer, 1);
    // A name a spreadsheet would evaluate (a read row stands in for what any free text could hold).
    await t.deps.db
      .updateTable('orders')
      .set({ student_last_name: '=HYPERLINK("http://x")', payer_phone: '+8613800000000' })
      .where('id', '=', formula)
      .execute();
    await orderInStatus(t, payer, 0);
  });

  it('CSV: BOM, CRLF, every matching order with its funds, formula cells as text; the list filters apply', async () => {
    const answer = await get(`${M}/orders/export.csv`, admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    expect(answer.body.split('\r\n').length).toBe(5 + 1);
    const rows = csvRows(answer.body);
    expect(rows).toHaveLength(4);
    const paidRow = rows.find((row) => row['order_id'] === paid)!;
    expect(paidRow['due_cny']).toBe(paidRow['received_cny']);
    expect(paidRow).toMatchObject({ refunded_cny: '0.00', balance_cny: '0.00', status: '4' });
    expect(paidRow['status_text']).not.toBe('');
    expect(paidRow['created_at_china']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const formulaRow = rows.find((row) => row['order_id'] === formula)!;
    expect(formulaRow['patient_name']!.startsWith("'")).toBe(true);
    expect(formulaRow['payer_phone']).toBe("'+8613800000000");
    const byQueue = csvRows((await get(`${M}/orders/export.csv?queue=awaiting_payer`, admin)).body);
    expect(byQueue).toHaveLength(1);
    for (const query of ['status=4,12', 'status=4&status=12']) {
      const byStatus = csvRows((await get(`${M}/orders/export.csv?${query}`, admin)).body);
      expect(byStatus.map((row) => row['status']).sort(), query).toEqual(['12', '4']);
    }
    expect((await get(`${M}/orders/export.csv?status=99`, admin)).statusCode).toBe(422);
  });

  it('CSV for an auditor masks personal fields; warehouse staff and payers get 403, nobody signed in 401', async () => {
    const clear = csvRows((await get(`${M}/orders/export.csv`, admin)).body).find((row) => row['order_id'] === paid)!;
    const masked = csvRows((await get(`${M}/orders/export.csv`, auditor)).body).find((row) => row['order_id'] === paid)!;
    for (const field of ['payer_phone', 'owner_email', 'patient_name']) expect(masked[field], field).not.toBe(clear[field]);
    expect(masked['due_cny']).toBe(clear['due_cny']);
    for (const format of ['csv', 'xlsx']) {
      expect((await get(`${M}/orders/export.${format}`, warehouse)).statusCode).toBe(403);
      expect((await get(`${M}/orders/export.${format}`, payer)).statusCode).toBe(403);
      expect((await get(`${M}/orders/export.${format}`)).statusCode).toBe(401);
    }
  });

  it('XLSX opens in exceljs with the same rows; formula-like cells are text', async () => {
    const answer = await get(`${M}/orders/export.xlsx?sort=amount`, admin);
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values).toHaveLength(5);
    const header = values[0]!;
    const phone = header.indexOf('payer_phone');
    const formulaRow = values.find((row) => row[header.indexOf('order_id')] === formula)!;
    expect(formulaRow[phone]).toBe("'+8613800000000");
    expect(String(formulaRow[header.indexOf('patient_name')]).startsWith("'")).toBe(true);
    const csvIds = csvRows((await get(`${M}/orders/export.csv?sort=amount`, admin)).body).map((row) => row['order_id']);
    expect(values.slice(1).map((row) => row[header.indexOf('order_id')])).toEqual(csvIds);
  });

  it('the dashboard: today’s received money and orders by currency, and the funnel', async () => {
    const dashboard = dataOf<{
      from: string;
      days: { day: string; currency: string; received_cny: string; paid_orders: number; created_orders: number }[];
      funnel: Record<string, number>;
    }>(await t.post(`${M}/dashboard`, {}, auditor.token), 'dashboard');
    const today = chinaDayOf(t.clock.now());
    const due = (await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', paid).executeTakeFirstOrThrow()).cny_amount!;
    expect(dashboard.days).toEqual([
      { day: today, currency: 'EUR', received_cny: (Number(due) + 10).toFixed(2), paid_orders: 2, created_orders: 4 },
    ]);
    expect(dashboard.funnel).toEqual({ created: 4, confirmed: 3, paid: 2, remitting: 0, complete: 0 });
    expect((await t.post(`${M}/dashboard`, {}, warehouse.token)).statusCode).toBe(403);
  });

  it('the log across orders: every event, filtered by type, actor and time, paged; and its CSV', async () => {
    type Log = {
      data: { type: string; actor: { id: string }; order_no: string; stream: string; event_id: string }[];
      next_cursor: string | null;
    };
    const all: Log['data'] = [];
    for (let cursor: string | null | undefined; cursor !== null;) {
      const page: Log = dataOf(await t.post('/api/v1/audit/log', cursor ? { cursor } : {}, auditor.token), 'log');
      all.push(...page.data);
      cursor = page.next_cursor;
    }
    const history = await t.deps.db.selectFrom('order_history').select('event_id').execute();
    expect(all.map((entry) => entry.event_id).sort()).toEqual(history.map((row) => row.event_id).sort());
    expect(new Set(all.map((entry) => entry.event_id)).size).toBe(all.length);
    expect(all.every((entry) => entry.stream.startsWith('order-') && entry.order_no !== '')).toBe(true);
    const payments = dataOf<Log>(await t.post('/api/v1/audit/log', { type: 'PaymentReceived' }, auditor.token), 'by type');
    expect(payments.data.map((entry) => entry.type)).toEqual(['PaymentReceived']);
    const byBank = dataOf<Log>(await t.post('/api/v1/audit/log', { actor: 'bank' }, auditor.token), 'by actor');
    expect(byBank.data.length).toBe(2);
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect(dataOf<Log>(await t.post('/api/v1/audit/log', { from: future }, auditor.token), 'from').data).toEqual([]);
    const csv = await get(`/api/v1/audit/log.csv?actor=bank`, auditor);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csvRows(csv.body).map((row) => row['actor_role'])).toEqual(['bank', 'bank']);
    expect((await t.post('/api/v1/audit/log', {}, warehouse.token)).statusCode).toBe(403);
    expect((await get('/api/v1/audit/log.csv', payer)).statusCode).toBe(403);
  });
});

import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/api/auth/authenticate.js';
import { findVisibleOrder, findVisibleOrderView, VIEW_COLUMNS } from '../../src/api/orders/order-view.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

/** More requests at once than the pool has connections, so every connection serves some. */
const AT_ONCE = 24;

/** A decimal string with up to `scale` digits after the point, as a numeric(precision, scale) holds it. */
const decimal = (integerDigits: number, scale: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(integerDigits) - 1n }), fc.bigInt({ min: 0n, max: 10n ** BigInt(scale) - 1n }))
    .map(([whole, fraction]) => `${whole}.${fraction.toString().padStart(scale, '0')}`);
/** Any text a column may hold: PostgreSQL's text has no NUL. */
const text = fc.string({ unit: 'binary', maxLength: 12 }).map((value) => value.replaceAll('\0', ''));
/** Instants with microseconds, as timestamptz keeps them, 1970-2100. */
const instant = fc.bigInt({ min: 0n, max: 4_102_444_800_000_000n }).map((micros) => {
  const date = new Date(Number(micros / 1000n)).toISOString();
  return `${date.slice(0, -1)}${(micros % 1000n).toString().padStart(3, '0')}Z`;
});

/** A decimal string of either sign. */
const signed = (digits: fc.Arbitrary<string>) => fc.tuple(fc.boolean(), digits).map(([minus, value]) => (minus ? `-${value}` : value));

const columnValues = fc.record({
  amount: decimal(16, 2),
  rate: fc.option(decimal(18, 12)),
  markup: fc.option(decimal(6, 6)),
  balance_cny: signed(decimal(16, 2)),
  status_since: instant,
  updated_at: instant,
  awaits_reply: fc.boolean(),
  partner: fc.option(fc.record({ gic_order_id: text, student_name: text }).map((partner) => JSON.stringify(partner))),
  revision: fc.bigInt({ min: 0n, max: 2n ** 62n }).map(String),
  cny_amount: fc.option(decimal(16, 2)),
  reserved_amount_rate: fc.option(decimal(18, 12)),
  paid_cny: decimal(16, 2),
  overpaid_cny: decimal(16, 2),
  refunded_cny: decimal(16, 2),
  deadline_date: fc.option(instant),
  created_at: instant,
  bank: fc.option(fc.integer({ min: -1000, max: 1000 })),
  active_upload_document: fc.boolean(),
  jsfile: fc.array(fc.record({ name: text, url: text, size: fc.integer() }), { maxLength: 3 }).map((files) => JSON.stringify(files)),
  resource_name: text,
  student_last_name: text,
  payer_phone: text,
  materials_note: text,
  upload_document_token: fc.option(text),
});

/**
 * The order's reads are prepared once per connection (order-view.ts). Another server's migration
 * may add a column to `orders` while this one runs: its prepared reads must go on answering (a
 * prepared `select *` would fail from then on: "cached plan must not change result type").
 */
describe.each(ENGINES)('prepared order reads on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer] = t.users('payer');
  const post = (path: string, body: object) => t.post(`/api/v1/step/${path}`, body, payer.token);

  it("reads the row and the view, each sent as one JSON object, exactly as the row's columns hold them, for all values", async () => {
    const id = (await post('amount/create', { resource: 996, amount: 5000 })).json().data.id as string;
    const user: AuthUser = { id: payer.id, name: 'payer', email: payer.email, group: 0, sessionId: 'direct' };
    await fc.assert(
      fc.asyncProperty(columnValues, async (values) => {
        await t.deps.db.updateTable('orders').set(values).where('id', '=', id).execute();
        // pg's own parsing of each column, as a plain select gets it.
        const columns = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const { row } = await findVisibleOrder(t.deps, id, user);
        const { row: view } = await findVisibleOrderView(t.deps, id, user);
        expect(row).toEqual({ ...columns, revision: String(columns.revision) });
        expect(view).toEqual(Object.fromEntries(VIEW_COLUMNS.map((column) => [column, columns[column]])));
      }),
      { numRuns: 60 },
    );
  });

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

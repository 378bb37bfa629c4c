import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { createHttpGateway, PaymentGatewayError } from '../../src/api/payments/http-gateway.js';
import { signatureHeader, verifySignature } from '../../src/api/payments/signature.js';
import { openValue, subjectOfSealed } from '../../src/api/privacy/sealed-value.js';
import { orderStreamId, type Actor } from '../../src/domain/index.js';
import { orderInStatus } from './support/fixtures.js';
import { anotherProcess } from './support/another-process.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, startTestApp, type TestApp, type TestUser } from './support/test-app.js';
import { expectRefusal } from './support/refusals.js';

const MINUTE = 60_000;
const ADMIN: Actor = { id: 'admin', role: 'admin' };

interface SignOptions {
  /** When the sender signed (default: the app's clock now). */
  readonly at?: Date;
  readonly secret?: string;
  /** Send exactly this header; null sends none. */
  readonly signature?: string | null;
}

describe.each(ENGINES)('payments on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, stranger, admin] = t.users('payer', 'payer', 'admin');

  const orderRow = (id: string) =>
    t.deps.db
      .selectFrom('orders')
      .select(['status', 'cny_amount', 'paid_cny', 'overpaid_cny', 'deadline_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const statusOf = async (id: string) => (await orderRow(id)).status;
  const eventTypes = async (id: string) => (await t.deps.eventStore.readStream(orderStreamId(id))).map((event) => event.type);
  const countOf = (types: readonly string[], type: string) => types.filter((each) => each === type).length;
  const receipts = async (id: string) => t.deps.db.selectFrom('webhook_receipts').selectAll().where('id', '=', id).execute();
  const awaitingPayment = () => orderInStatus(t, payer, 2);

  const payLink = (id: string, token = payer.token) => t.post('/api/v1/step/order/makeGoallPayLink', { id }, token);
  const scanValue = (id: string, token = payer.token) => t.post('/api/v1/step/order/makeJiMuPayLink', { id }, token);
  const checkoutUrlOf = async (id: string) => {
    const response = await payLink(id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as string;
  };
  const openCheckout = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const payThroughSandbox = (url: string, portion: 'full' | 'part') =>
    t.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `portion=${portion}`,
    });

  /** POSTs a webhook exactly as a sender would: the raw JSON, signed over `${t}.${raw}`. */
  function sendWebhook(kind: 'payments' | 'bank', body: Record<string, unknown>, options: SignOptions = {}) {
    const raw = JSON.stringify(body);
    const signature =
      options.signature === undefined
        ? signatureHeader(options.secret ?? t.deps.webhookSecret, raw, options.at ?? t.clock.now())
        : options.signature;
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${kind}`,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
      payload: raw,
    });
  }
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}-${engine}-${(sequence += 1)}`;
  const payment = (orderId: string, amount_cny: string, overrides: Record<string, unknown> = {}) => ({
    id: nextId('wh'),
    type: 'payment.succeeded',
    order_id: orderId,
    payment_id: nextId('pay'),
    amount_cny,
    ...overrides,
  });
  const materialsRequest = (orderId: string) => ({
    id: nextId('bank'),
    type: 'materials.requested',
    order_id: orderId,
    note: '请补充护照照片',
  });

  async function paidOrder(): Promise<string> {
    const id = await awaitingPayment();
    const response = await sendWebhook('payments', payment(id, (await orderRow(id)).cny_amount!));
    expect(response.statusCode, response.body).toBe(200);
    return id;
  }

  describe('pay links', () => {
    it('gives the owner a sandbox checkout URL, and the same page as the QR value', async () => {
      const id = await awaitingPayment();
      const url = await checkoutUrlOf(id);
      expect(url).toMatch(new RegExp(`^http://localhost:3000/sandbox/checkout/${id}\\.\\d+\\.1\\.[\\w-]{22}$`));
      const qr = await scanValue(id);
      expect(qr.statusCode, qr.body).toBe(200);
      expect(qr.json().data).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\//);
    });

    it('answers 404 to another user, 403 to staff (only the owner pays), 401 without login', async () => {
      const id = await awaitingPayment();
      expect((await payLink(id, stranger.token)).statusCode).toBe(404);
      expect((await scanValue(id, stranger.token)).statusCode).toBe(404);
      expect((await payLink(id, admin.token)).statusCode).toBe(403);
      expect((await t.post('/api/v1/step/order/makeGoallPayLink', { id })).statusCode).toBe(401);
      expect((await payLink('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('refuses with 409 and a clear message when the order is not awaiting payment', async () => {
      const confirmed = await orderInStatus(t, payer, 1);
      const early = await payLink(confirmed);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('请先选择支付方式');
      const paid = await paidOrder();
      const late = await scanValue(paid);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('订单已付款，无需再次付款');
    });

    it('refuses a pay link once the deadline has passed, even before the sweeper ran', async () => {
      const id = await awaitingPayment();
      const { deadline_date } = await orderRow(id);
      t.clock.set(deadline_date!);
      try {
        const response = await payLink(id);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('订单已超过付款期限，不能付款');
      } finally {
        t.clock.set(new Date(deadline_date!.getTime() - 72 * 3600_000));
      }
    });

    it('gives a pay link for the rest of a short payment after the deadline: an order in 12 does not time out', async () => {
      const id = await awaitingPayment();
      expect((await sendWebhook('payments', payment(id, '100.00'))).statusCode).toBe(200);
      const { deadline_date, cny_amount } = await orderRow(id);
      t.clock.set(deadline_date!);
      try {
        const response = await payLink(id);
        expect(response.statusCode, response.body).toBe(200);
        const rest = ((Math.round(Number(cny_amount) * 100) - 10_000) / 100).toFixed(2);
        expect(response.json().data).toContain('/sandbox/checkout/');
        expect((await t.app.inject({ method: 'GET', url: new URL(response.json().data).pathname })).body).toContain(rest);
      } finally {
        t.clock.set(new Date(deadline_date!.getTime() - 72 * 3600_000));
      }
    });

    it("refuses the payer's 'finish pay' once the deadline has passed, so the sweeper still times the order out", async () => {
      const id = await awaitingPayment();
      const { deadline_date } = await orderRow(id);
      t.clock.set(deadline_date!);
      try {
        const response = await t.post('/api/v1/step/order/finishPay', { id }, payer.token);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('订单已超过付款期限');
        expect(await statusOf(id)).toBe(2);
      } finally {
        t.clock.set(new Date(deadline_date!.getTime() - 72 * 3600_000));
      }
    });

    it('serves a self-contained sandbox checkout page with the CNY amount and both buttons', async () => {
      const id = await awaitingPayment();
      const page = await openCheckout(await checkoutUrlOf(id));
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain(`CNY ${(await orderRow(id)).cny_amount}`);
      expect(page.body).toContain('pay in full');
      expect(page.body).toContain('pay part (sandbox)');
      expect(page.body).not.toMatch(/<script|<link|<img|src=|https?:\/\/(?!localhost:3000)/);
    });

    it('refuses a checkout reference that was tampered with', async () => {
      const id = await awaitingPayment();
      const url = await checkoutUrlOf(id);
      const mac = url.split('.').at(-1);
      const forged = `${id}.1.1.${mac}`;
      expect(url).not.toContain(forged);
      const response = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${forged}` });
      expect(response.statusCode).toBe(404);
      const pay = await t.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${forged}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'portion=full',
      });
      expect(pay.statusCode).toBe(404);
      expect(await eventTypes(id)).not.toContain('PaymentReceived');
    });

    it('pays in full through the sandbox page: the order moves to 4', async () => {
      const id = await awaitingPayment();
      const result = await payThroughSandbox(await checkoutUrlOf(id), 'full');
      expect(result.statusCode, result.body).toBe(200);
      expect(result.body).toContain('支付成功');
      expect(await statusOf(id)).toBe(4);
      const row = await orderRow(id);
      expect(Number(row.paid_cny)).toBe(Number(row.cny_amount));
      const [received] = (await t.deps.eventStore.readStream(orderStreamId(id))).filter((event) => event.type === 'PaymentReceived');
      expect(received?.metadata['actor']).toEqual({ id: 'payment-provider', role: 'bank' });
    });

    it('a short payment moves the order to 12; a new link asks for the rest, and paying it moves it to 4', async () => {
      const id = await awaitingPayment();
      const full = (await orderRow(id)).cny_amount!;
      const short = await payThroughSandbox(await checkoutUrlOf(id), 'part');
      expect(short.statusCode, short.body).toBe(200);
      expect(await statusOf(id)).toBe(12);

      const topUpUrl = await checkoutUrlOf(id);
      const paidSoFar = (await orderRow(id)).paid_cny;
      const rest = (Math.round(Number(full) * 100) - Math.round(Number(paidSoFar) * 100)) / 100;
      expect((await openCheckout(topUpUrl)).body).toContain(`CNY ${rest.toFixed(2)}`);
      const topUp = await payThroughSandbox(topUpUrl, 'full');
      expect(topUp.statusCode, topUp.body).toBe(200);
      expect(await statusOf(id)).toBe(4);
      expect(Number((await orderRow(id)).paid_cny)).toBe(Number(full));
      expect(await eventTypes(id)).toEqual(expect.arrayContaining(['ShortPaymentReceived', 'PaymentReceived']));
    });

    it('counts a second payment at 4 as an overpayment, and shows a refusal on the sandbox page once the order no longer takes money', async () => {
      const id = await awaitingPayment();
      const url = await checkoutUrlOf(id);
      expect((await payThroughSandbox(url, 'full')).statusCode).toBe(200);
      expect((await payThroughSandbox(url, 'full')).statusCode).toBe(200);
      expect(countOf(await eventTypes(id), 'PaymentReceived')).toBe(2);
      const row = await orderRow(id);
      expect(row.overpaid_cny).toBe(row.cny_amount);
      await runOrderCommand(t.deps, id, { type: 'setStatus', status: 5 }, { id: 'admin', role: 'admin' });
      const late = await payThroughSandbox(url, 'full');
      expect(late.statusCode).toBe(409);
      expect(late.body).toContain('支付未完成');
      expect(countOf(await eventTypes(id), 'PaymentReceived')).toBe(2);
    });
  });

  describe('signed webhooks', () => {
    it('records a valid payment and answers with the new status', async () => {
      const id = await awaitingPayment();
      const body = payment(id, (await orderRow(id)).cny_amount!);
      const response = await sendWebhook('payments', body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { order_id: id, status: 4 } });
      expect(countOf(await eventTypes(id), 'PaymentReceived')).toBe(1);
      expect(await statusOf(id)).toBe(4);
    });

    it.each([
      ['a forged signature', { secret: 'not-the-shared-secret-not-the-shared-secret' }],
      ['no signature header', { signature: null }],
      ['a malformed header', { signature: 'v1=deadbeef' }],
      ['a timestamp 6 minutes old', { at: 'past' }],
      ['a timestamp 6 minutes ahead', { at: 'future' }],
    ] as const)('answers 401 to %s and writes nothing', async (_name, variant) => {
      const id = await awaitingPayment();
      const body = payment(id, (await orderRow(id)).cny_amount!);
      const at = 'at' in variant ? new Date(t.clock.now().getTime() + (variant.at === 'past' ? -6 : 6) * MINUTE) : undefined;
      const response = await sendWebhook('payments', body, { ...variant, at });
      expect(response.statusCode).toBe(401);
      expect(await eventTypes(id)).not.toContain('PaymentReceived');
      expect(await receipts(`payments:${body.id}`)).toEqual([]);
    });

    it('answers 401 when the body was changed after signing', async () => {
      const id = await awaitingPayment();
      const body = payment(id, '1.00');
      const signature = signatureHeader(t.deps.webhookSecret, JSON.stringify(body), t.clock.now());
      const response = await sendWebhook('payments', { ...body, amount_cny: (await orderRow(id)).cny_amount }, { signature });
      expect(response.statusCode).toBe(401);
      expect(await statusOf(id)).toBe(2);
    });

    it('accepts a signature made 4 minutes ago', async () => {
      const id = await awaitingPayment();
      const response = await sendWebhook('payments', payment(id, '100.00'), { at: new Date(t.clock.now().getTime() - 4 * MINUTE) });
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(id)).toBe(12);
    });

    it('answers a replayed id with the stored answer and changes nothing', async () => {
      const id = await awaitingPayment();
      const body = payment(id, '100.00');
      const first = await sendWebhook('payments', body);
      t.clock.advance(MINUTE);
      const replay = await sendWebhook('payments', body);
      expect(first.statusCode).toBe(200);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(countOf(await eventTypes(id), 'ShortPaymentReceived')).toBe(1);
      expect((await orderRow(id)).paid_cny).toMatch(/^100(\.00)?$/);
    });

    it('turns the same webhook sent ten times at once into exactly one event, every answer 2xx and the same', async () => {
      const id = await awaitingPayment();
      const body = payment(id, (await orderRow(id)).cny_amount!);
      const responses = await Promise.all(Array.from({ length: 10 }, () => sendWebhook('payments', body)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(countOf(await eventTypes(id), 'PaymentReceived')).toBe(1);
      expect(await receipts(`payments:${body.id}`)).toHaveLength(1);
    });

    it.runIf(engine === 'postgres')('turns ten deliveries split over two app processes with their own pools into one event', async () => {
      const other = await anotherProcess(t);
      try {
        const id = await awaitingPayment();
        const body = payment(id, (await orderRow(id)).cny_amount!);
        const raw = JSON.stringify(body);
        const signature = signatureHeader(t.deps.webhookSecret, raw, t.clock.now());
        const deliver = (app: typeof t.app) =>
          app.inject({
            method: 'POST',
            url: '/api/v1/webhooks/payments',
            headers: { 'content-type': 'application/json', 'x-signature': signature },
            payload: raw,
          });
        const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => deliver(index % 2 === 0 ? t.app : other.app)));
        expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
        expect(new Set(responses.map((response) => response.body)).size).toBe(1);
        expect(countOf(await eventTypes(id), 'PaymentReceived')).toBe(1);
      } finally {
        await other.close();
      }
    });

    it('acknowledges the same payment under another webhook id without counting it twice', async () => {
      const id = await awaitingPayment();
      const body = payment(id, '100.00');
      expect((await sendWebhook('payments', body)).statusCode).toBe(200);
      const resent = await sendWebhook('payments', { ...body, id: nextId('wh') });
      expect(resent.statusCode).toBe(200);
      expect(resent.json().data).toMatchObject({ order_id: id, duplicate_payment: true });
      expect(countOf(await eventTypes(id), 'ShortPaymentReceived')).toBe(1);
    });

    it('moves a paid order to 13 when the bank requests more materials', async () => {
      const id = await paidOrder();
      const response = await sendWebhook('bank', materialsRequest(id));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ order_id: id, status: 13 });
      expect(await statusOf(id)).toBe(13);
      const [requested] = (await t.deps.eventStore.readStream(orderStreamId(id))).filter(
        (event) => event.type === 'MoreMaterialsRequested',
      );
      expect(requested?.data).toEqual({ note: '请补充护照照片' });
      expect(requested?.metadata['actor']).toEqual({ id: 'bank', role: 'bank' });
    });

    it('answers 409 to a refused command, writes no event, and keeps answering the same for that id', async () => {
      const id = await awaitingPayment();
      const body = materialsRequest(id);
      const before = await eventTypes(id);
      const refused = await sendWebhook('bank', body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        status: 409,
        code: 'order_refused.not_allowed_in_status',
        message: '当前订单状态不允许此操作',
      });
      expect(await eventTypes(id)).toEqual(before);
      // Even once the order could take it, the id stays answered: a new request needs a new id.
      await sendWebhook('payments', payment(id, (await orderRow(id)).cny_amount!));
      const retry = await sendWebhook('bank', body);
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toEqual(refused.json());
      expect(countOf(await eventTypes(id), 'MoreMaterialsRequested')).toBe(0);
    });

    it('answers 409 to a payment for a completed order (status 7)', async () => {
      const id = await paidOrder();
      await runOrderCommand(t.deps, id, { type: 'setStatus', status: 5 }, ADMIN);
      await runOrderCommand(t.deps, id, { type: 'setStatus', status: 7 }, ADMIN);
      const body = payment(id, '10.00');
      const response = await sendWebhook('payments', body);
      expect(response.statusCode).toBe(409);
      expect(await statusOf(id)).toBe(7);
      const [receipt] = await receipts(`payments:${body.id}`);
      expect(JSON.parse(receipt!.outcome)).toMatchObject({ status: 409 });
      // The money is real even if the order refuses it: the call is kept, whole, for the back office,
      // sealed under the payer's key (the bank's free text may name the patient).
      const subject = subjectOfSealed(receipt!.payload);
      expect(subject).toBe(`user-${payer.id}`);
      expect(JSON.parse(openValue(receipt!.payload, (await t.deps.keyring.openingKey(subject!))!))).toEqual(body);
    });

    it('counts a top-up that is still short, and the rest then moves the order to 4', async () => {
      const id = await awaitingPayment();
      const full = (await orderRow(id)).cny_amount!;
      expect((await sendWebhook('payments', payment(id, '100.00'))).statusCode).toBe(200);
      const second = await sendWebhook('payments', payment(id, '200.00'));
      expect(second.statusCode, second.body).toBe(200);
      expect(await orderRow(id)).toMatchObject({ status: 12, paid_cny: '300.00' });
      const rest = ((Math.round(Number(full) * 100) - 30_000) / 100).toFixed(2);
      expect((await sendWebhook('payments', payment(id, rest))).statusCode).toBe(200);
      expect(await orderRow(id)).toMatchObject({ status: 4, paid_cny: full });
    });

    it('records a payment far above the amount due with its excess, flagged for a refund, not as exact', async () => {
      const id = await awaitingPayment();
      const due = (await orderRow(id)).cny_amount!;
      const response = await sendWebhook('payments', payment(id, '999999999999.99'));
      expect(response.statusCode, response.body).toBe(200);
      const excess = (BigInt(Math.round(Number('999999999999.99') * 100)) - BigInt(Math.round(Number(due) * 100))).toString();
      const overpaid = `${excess.slice(0, -2)}.${excess.slice(-2)}`;
      expect(response.json()).toEqual({ data: { order_id: id, status: 4, overpaid_cny: overpaid } });
      expect(await orderRow(id)).toMatchObject({ status: 4, paid_cny: '999999999999.99', overpaid_cny: overpaid });
      const refunds = await t.deps.db.selectFrom('orders').select('id').where('overpaid_cny', '>', '0').execute();
      expect(refunds.map((row) => row.id)).toContain(id);
      const seen = await t.post('/api/v1/step/order/find', { id }, payer.token);
      expect(seen.json().data).toMatchObject({ paid_cny: '999999999999.99', overpaid_cny: overpaid });
    });

    it('flags nothing when exactly the amount due arrives', async () => {
      const id = await awaitingPayment();
      await sendWebhook('payments', payment(id, (await orderRow(id)).cny_amount!));
      expect(await orderRow(id)).toMatchObject({ status: 4, overpaid_cny: '0.00' });
    });

    it('answers 422 to an amount no order could have, writing no event', async () => {
      const id = await awaitingPayment();
      const before = await eventTypes(id);
      const response = await sendWebhook('payments', payment(id, '9999999999999999999.00'));
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('付款金额无效');
      expect(await eventTypes(id)).toEqual(before);
      expect(await statusOf(id)).toBe(2);
    });

    it('answers 422 to a signed but malformed payload, writing nothing', async () => {
      const id = await awaitingPayment();
      const body = payment(id, '12.345');
      const response = await sendWebhook('payments', body);
      expect(response.statusCode).toBe(422);
      expect(await receipts(`payments:${body.id}`)).toEqual([]);
      expect(await statusOf(id)).toBe(2);
    });

    it('acknowledges event types it does not act on', async () => {
      const id = await awaitingPayment();
      const response = await sendWebhook('payments', { id: nextId('wh'), type: 'payment.refunded', order_id: id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { ignored: true } });
      expect(await statusOf(id)).toBe(2);
    });

    it('takes over a receipt left pending by a process that died after appending, without a second event', async () => {
      const id = await paidOrder();
      const body = materialsRequest(id);
      const causationId = `webhook:bank:${body.id}`;
      await runOrderCommand(
        t.deps,
        id,
        { type: 'requestMoreMaterials', note: body.note },
        { id: 'bank', role: 'bank' },
        { causationId, correlationId: causationId },
      );
      const diedAt = new Date(t.clock.now().getTime() - 3 * MINUTE);
      await t.deps.db
        .insertInto('webhook_receipts')
        .values({ id: `bank:${body.id}`, kind: 'bank', outcome: `pending:${diedAt.toISOString()}`, received_at: diedAt })
        .execute();
      const response = await sendWebhook('bank', body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ order_id: id, status: 13 });
      expect(countOf(await eventTypes(id), 'MoreMaterialsRequested')).toBe(1);
      expect(JSON.parse((await receipts(`bank:${body.id}`))[0]!.outcome)).toMatchObject({ status: 200 });
    });
  });
});

/** A payment provider on 127.0.0.1 that records what it is sent and answers as told. */
interface ProviderStandIn {
  readonly url: string;
  readonly requests: { headers: IncomingHttpHeaders; body: string }[];
  answer: { status: number; body: unknown; delayMs?: number };
  close(): Promise<void>;
}

async function startProviderStandIn(): Promise<ProviderStandIn> {
  const standIn = { requests: [], answer: { status: 200, body: {} } } as unknown as ProviderStandIn & { answer: ProviderStandIn['answer'] };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      standIn.requests.push({ headers: request.headers, body });
      const { status, body: answer, delayMs = 0 } = standIn.answer;
      setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer)), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/v1/checkouts`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  });
}

describe('the HTTP payment gateway against a stand-in provider on 127.0.0.1', () => {
  const secret = 'provider-shared-secret-provider-shared-secret';
  const request = { orderId: 'order-42', amountCny: '39454.12', method: 1 as const, description: 'Charité 付款 (order-42)' };
  let provider: ProviderStandIn;

  beforeAll(async () => {
    provider = await startProviderStandIn();
  });
  afterAll(async () => provider?.close());
  afterEach(() => {
    provider.requests.length = 0;
  });

  const gateway = (timeoutMs = 2_000) =>
    createHttpGateway({ url: provider.url, secret, publicBaseUrl: () => 'https://pay.example.cn', timeoutMs });

  it('POSTs a signed JSON checkout request and returns the hosted checkout URL', async () => {
    provider.answer = { status: 200, body: { checkout_url: 'https://checkout.provider.example/c/abc' } };
    await expect(gateway().createPayLink(request)).resolves.toBe('https://checkout.provider.example/c/abc');
    const [sent] = provider.requests;
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(verifySignature(secret, sent?.headers['x-signature'] as string, sent!.body, new Date())).toBe(true);
    expect(JSON.parse(sent!.body)).toEqual({
      merchant_order_id: 'order-42',
      amount_cny: '39454.12',
      channel: 'pay_link',
      description: 'Charité 付款 (order-42)',
      notify_url: 'https://pay.example.cn/api/v1/webhooks/payments',
      return_url: 'https://pay.example.cn/order/order-42',
    });
  });

  it('returns the QR value of a scan payment', async () => {
    provider.answer = { status: 200, body: { qr_code: 'weixin://wxpay/bizpayurl?pr=abc' } };
    await expect(gateway().createScanPayment({ ...request, method: 3 })).resolves.toBe('weixin://wxpay/bizpayurl?pr=abc');
    expect(JSON.parse(provider.requests[0]!.body)).toMatchObject({ channel: 'scan' });
  });

  it.each([
    ['an error status', { status: 500, body: { error: 'down' } }],
    ['an answer of another shape', { status: 200, body: { url: 'https://elsewhere' } }],
    ['a checkout URL that is not http(s)', { status: 200, body: { checkout_url: 'javascript:alert(1)' } }],
  ])('fails with PaymentGatewayError on %s', async (_name, answer) => {
    provider.answer = answer;
    await expect(gateway().createPayLink(request)).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('gives up after its timeout', async () => {
    provider.answer = { status: 200, body: { checkout_url: 'https://late.example' }, delayMs: 1_000 };
    const started = Date.now();
    await expect(gateway(100).createPayLink(request)).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(Date.now() - started).toBeLessThan(900);
  });

  describe('wired into the app (PAYMENT_GATEWAY=http)', () => {
    let t: TestApp;
    let payer: TestUser;

    beforeAll(async () => {
      t = await startTestApp('pglite', { env: { PAYMENT_GATEWAY: 'http', PAYMENT_GATEWAY_URL: provider.url, WEBHOOK_SECRET: secret } });
      payer = await t.createUser();
    });
    afterAll(async () => t?.close());

    it('answers the pay link with the provider URL, for the outstanding CNY amount', async () => {
      provider.answer = { status: 200, body: { checkout_url: 'https://checkout.provider.example/c/xyz' } };
      const id = await orderInStatus(t, payer, 2);
      const response = await t.post('/api/v1/step/order/makeGoallPayLink', { id }, payer.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: 'https://checkout.provider.example/c/xyz' });
      const { cny_amount } = await t.deps.db.selectFrom('orders').select('cny_amount').where('id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.parse(provider.requests[0]!.body)).toMatchObject({ merchant_order_id: id, amount_cny: cny_amount, channel: 'pay_link' });
    });

    it('answers 502 without internals when the provider fails', async () => {
      provider.answer = { status: 503, body: { error: 'maintenance' } };
      const id = await orderInStatus(t, payer, 2);
      const response = await t.post('/api/v1/step/order/makeJiMuPayLink', { id }, payer.token);
      expectRefusal(response, 502, 'payment_gateway_unavailable', '支付服务暂时不可用，请稍后重试');
    });

    it('serves no sandbox checkout (it would pay without money)', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/anything' })).statusCode).toBe(404);
    });
  });
});

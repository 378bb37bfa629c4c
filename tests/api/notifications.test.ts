import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../src/api/auth/mail-transport.js';
import type { Mail, Mailer } from '../../src/api/auth/mailer.js';
import { openSession } from '../../src/api/auth/sessions.js';
import { groupedAmount } from '../../src/domain/index.js';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { rebuildOrderProjection } from '../../src/projections/projection-runner.js';
import { createDraft, dataOf, orderInStatus } from './support/fixtures.js';
import { startBadSmtp, startWeChatMessagesStandIn, type WeChatMessagesStandIn } from './support/channel-stand-ins.js';
import { startSmtpStandIn } from './support/smtp-stand-in.js';
import { ENGINES, startTestApp, type TestApp, type TestUser } from './support/test-app.js';

const HOUR = 3_600_000;
const FAST = { intervalMs: 40, sendTimeoutMs: 400, maxAttempts: 2, retryMs: 60_000 };
const BANK = { id: 'bank-test', role: 'bank' } as const;

interface Listed {
  items: {
    id: string;
    kind: string;
    order_id: string | null;
    order_no: string | null;
    title: string;
    body: string;
    read_at: string | null;
  }[];
  next_cursor: string | null;
}

const list = async (t: TestApp, user: TestUser) => dataOf<Listed>(await t.post('/api/v1/notifications', {}, user.token), 'notifications');
const unread = async (t: TestApp, user: TestUser) =>
  dataOf<{ count: number }>(
    await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread', headers: { authorization: `Bearer ${user.token}` } }),
    'unread',
  ).count;
const kindsOf = async (t: TestApp, user: TestUser) => (await list(t, user)).items.map((item) => item.kind).sort();
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

async function counts(t: TestApp) {
  const [notifications, deliveries] = await Promise.all([
    t.deps.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    t.deps.db
      .selectFrom('notification_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { notifications: Number(notifications.n), deliveries: Number(deliveries.n) };
}

const orderNo = async (t: TestApp, id: string) =>
  await t.deps.db.selectFrom('orders').select(['order_no', 'cny_amount']).where('id', '=', id).executeTakeFirstOrThrow();

describe.each(ENGINES)('the notifier on %s', (engine) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp(engine, { notifier: FAST });
    admin = await t.createUser({ group: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the payer of a confirmed order in the app and by a multipart mail in their language, with a link to the order', async () => {
    const payer = await t.createUser();
    dataOf(await t.post('/api/v1/notifications/preferences', { locale: 'de-DE' }, payer.token), 'preferences');
    const id = await orderInStatus(t, payer, 1);
    const { order_no } = await orderNo(t, id);
    const [item] = await eventually(async () => {
      const { items } = await list(t, payer);
      expect(items).toHaveLength(1);
      return items;
    });
    expect(item).toMatchObject({ kind: 'order_confirmed', order_id: id, order_no, title: `Auftrag ${order_no} bestätigt`, read_at: null });
    expect(item!.body).toMatch(/^Zu zahlen: CNY \d{1,3}(\.\d{3})*,\d\d\. Bitte zahlen Sie bis \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    const mail = await eventually(async () => {
      const sent = t.mail.find((m) => m.to === payer.email) as Mail | undefined;
      expect(sent).toBeDefined();
      return sent!;
    });
    expect(mail.subject).toContain(order_no);
    expect(mail.text).toContain(`http://localhost:3000/order/${id}`);
    expect(mail.html).toContain(`href="http://localhost:3000/order/${id}"`);
    expect(mail.html).toContain('Auftrag öffnen');

    expect(await unread(t, payer)).toBe(1);
    dataOf(await t.post('/api/v1/notifications/read', { ids: [item!.id] }, payer.token), 'read');
    expect(await unread(t, payer)).toBe(0);
    expect((await list(t, payer)).items[0]!.read_at).not.toBeNull();
  });

  it("keeps each user's notifications their own", async () => {
    const payer = await t.createUser();
    const stranger = await t.createUser();
    await orderInStatus(t, payer, 1);
    const [item] = await eventually(async () => {
      const { items } = await list(t, payer);
      expect(items).toHaveLength(1);
      return items;
    });
    expect((await list(t, stranger)).items).toEqual([]);
    expect(dataOf<{ count: number }>(await t.post('/api/v1/notifications/read', { ids: [item!.id] }, stranger.token), 'read').count).toBe(
      0,
    );
    expect(await unread(t, payer)).toBe(1);
    expect(dataOf<{ count: number }>(await t.post('/api/v1/notifications/read', { all: true }, payer.token), 'read').count).toBe(1);
  });

  it('tells the admins of a declared transfer, and the payer of money short with the shortfall', async () => {
    const payer = await t.createUser();
    const id = await orderInStatus(t, payer, 2);
    dataOf(await t.post('/api/v1/step/order/finishPay', { id }, payer.token), 'finishPay');
    await eventually(async () =>
      expect((await list(t, admin)).items.map((item) => [item.kind, item.order_id])).toContainEqual(['transfer_declared', id]),
    );
    const adminItem = (await list(t, admin)).items.find((item) => item.order_id === id)!;
    expect(adminItem.title).toContain((await orderNo(t, id)).order_no);

    await runOrderCommand(t.deps, id, { type: 'recordPayment', payment_id: `short-${id}`, amount_cny: '100.00' }, BANK);
    const due = (await orderNo(t, id)).cny_amount!;
    const shortfall = (Number(due) - 100).toFixed(2);
    await eventually(async () => expect(await kindsOf(t, payer)).toEqual(['money_short', 'order_confirmed']));
    const short = (await list(t, payer)).items.find((item) => item.kind === 'money_short')!;
    expect(short.body).toBe(`已收到 CNY 100.00，还差 CNY ${groupedAmount(shortfall, 'zh-CN')}，请补足差额。`);
  });

  it("tells the payer the bank's note when it asks for materials, and the admins when they are added", async () => {
    const payer = await t.createUser();
    const id = await orderInStatus(t, payer, 2);
    const due = (await orderNo(t, id)).cny_amount!;
    await runOrderCommand(t.deps, id, { type: 'recordPayment', payment_id: `full-${id}`, amount_cny: due }, BANK);
    await runOrderCommand(t.deps, id, { type: 'requestMoreMaterials', note: '请补充护照首页' }, BANK);
    await eventually(async () => expect(await kindsOf(t, payer)).toEqual(['materials_requested', 'money_received', 'order_confirmed']));
    const note = (await list(t, payer)).items.find((item) => item.kind === 'materials_requested')!;
    expect(note.body).toBe('银行要求补充材料：请补充护照首页');
  });

  it('sends nothing twice when the notifier starts again from the beginning of the log, or the projections are rebuilt', async () => {
    const payer = await t.createUser();
    await orderInStatus(t, payer, 2);
    await eventually(async () => expect(await kindsOf(t, payer)).toEqual(['order_confirmed']));
    const checkpoint = async () =>
      (await t.deps.db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', 'notifier').executeTakeFirstOrThrow())
        .checkpoint;
    // Earlier tests' events may still be on their way: count once the notifier has nothing left to read or send.
    let head = await checkpoint();
    for (let settled = false; !settled;) {
      await t.runtime.notifier.tick();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const now = await checkpoint();
      settled = now === head;
      head = now;
    }
    const before = await counts(t);
    const mailsBefore = t.mail.length;

    await rebuildOrderProjection(t.deps.db, t.deps.eventStore);
    // A restart (a new leader, nothing in memory) that even lost its checkpoint replays the whole log.
    await t.runtime.notifier.stop();
    await t.deps.db.updateTable('projection_checkpoints').set({ checkpoint: 'start' }).where('name', '=', 'notifier').execute();
    await t.runtime.notifier.start();
    await eventually(async () => expect(await checkpoint()).toBe(head));
    await t.runtime.notifier.tick();

    expect(await counts(t)).toEqual(before);
    expect(t.mail.length).toBe(mailsBefore);
  });

  it('moves its checkpoint past events that tell nobody soon after them, and on from there after a restart', async () => {
    const payer = await t.createUser();
    const stored = async () =>
      (await t.deps.db.selectFrom('projection_checkpoints').select('checkpoint').where('name', '=', 'notifier').executeTakeFirstOrThrow())
        .checkpoint;
    const unread = async () =>
      (await t.deps.storedEvents.readAll({ from: await stored(), maxCount: 1000, streamPrefixes: ['order-'] })).events.length;
    for (let index = 0; index < 5; index += 1) await createDraft(t, payer, String(5100 + index));
    await eventually(async () => expect(await unread()).toBe(0));

    // Stopped at any moment, however far it had read, the next start goes on to the end and tells nothing.
    for (let index = 0; index < 5; index += 1) await createDraft(t, payer, String(5200 + index));
    await t.runtime.notifier.stop();
    await t.runtime.notifier.start();
    await eventually(async () => expect(await unread()).toBe(0));
    expect(await kindsOf(t, payer)).toEqual([]);
  });

  it('tells the admins once of a statement credit that matched no order', async () => {
    const now = t.clock.now();
    const statement = `st-${now.getTime()}`;
    await t.deps.db
      .insertInto('statements')
      .values({
        id: statement,
        file_name: 's.xml',
        sha256: statement,
        format: 'camt053',
        version: '1',
        entries: 1,
        matched: 0,
        unmatched: 1,
        duplicates: 0,
        imported_by: admin.id,
        imported_at: now,
      })
      .execute();
    await t.deps.db
      .insertInto('statement_entries')
      .values({
        entry_ref: `E-${statement}`,
        statement_id: statement,
        booking_date: '2026-11-21',
        direction: 'credit',
        amount_cny: '88.00',
        payer_name: 'X',
        payer_account: '1',
        postscript: '',
        state: 'unmatched',
        order_id: null,
        order_no: null,
        decided_by: null,
        decided_at: null,
        imported_at: now,
      })
      .execute();
    await t.runtime.notifier.tick();
    await t.runtime.notifier.tick();
    const told = (await list(t, admin)).items.filter(
      (item) => item.kind === 'statement_unmatched' && item.title.includes(`E-${statement}`),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('CNY 88.00');
  });

  it('reminds the payer once, 24 hours before the payment deadline', async () => {
    const payer = await t.createUser();
    const id = await orderInStatus(t, payer, 2);
    await eventually(async () => expect(await kindsOf(t, payer)).toEqual(['order_confirmed']));
    const { deadline_date } = await t.deps.db.selectFrom('orders').select('deadline_date').where('id', '=', id).executeTakeFirstOrThrow();
    t.clock.set(new Date(deadline_date!.getTime() - 25 * HOUR));
    await t.runtime.notifier.tick();
    expect(await kindsOf(t, payer)).toEqual(['order_confirmed']);
    t.clock.set(new Date(deadline_date!.getTime() - 23 * HOUR));
    await t.runtime.notifier.tick();
    await t.runtime.notifier.tick();
    expect(await kindsOf(t, payer)).toEqual(['deadline_reminder', 'order_confirmed']);
    const reminder = (await list(t, payer)).items.find((item) => item.kind === 'deadline_reminder')!;
    expect(reminder.body).toContain('逾期订单将自动取消');
  });

  it('lets the payer switch mails off, but not the essential ones', async () => {
    const payer = await t.createUser();
    const chosen = dataOf<{ email_off: string[]; essential: string[] }>(
      await t.post('/api/v1/notifications/preferences', { email_off: ['order_confirmed', 'money_short'] }, payer.token),
      'preferences',
    );
    expect(chosen.email_off).toEqual(['order_confirmed']);
    expect(chosen.essential).toEqual(['materials_requested', 'money_short', 'deadline_reminder']);
    const id = await orderInStatus(t, payer, 2);
    await runOrderCommand(t.deps, id, { type: 'recordPayment', payment_id: `short-${id}`, amount_cny: '100.00' }, BANK);
    await eventually(async () => expect(await kindsOf(t, payer)).toEqual(['money_short', 'order_confirmed']));
    await eventually(async () =>
      expect(t.mail.filter((m) => m.to === payer.email).map((m) => m.subject)).toEqual([expect.stringContaining('款项不足')]),
    );
  });
});

/** A mailer the test points at a refusing or a hanging mail server. */
function switchableMailer(): Mailer & { use(mailer: Mailer): void } {
  let current: Mailer = { send: async () => undefined };
  return { send: (mail, signal) => current.send(mail, signal), use: (mailer) => void (current = mailer) };
}

describe.each(ENGINES)('the channels that fail, on %s', (engine) => {
  let t: TestApp;
  let admin: TestUser;
  let wechat: WeChatMessagesStandIn;
  const mailer = switchableMailer();
  const APP = { appId: 'wx-mp-test', secret: 'mp-secret' };

  beforeAll(async () => {
    wechat = await startWeChatMessagesStandIn(APP);
    t = await startTestApp(engine, {
      mailer,
      notifier: FAST,
      env: {
        WECHAT_API_BASE_URL: wechat.url,
        WECHAT_MP_APP_ID: APP.appId,
        WECHAT_MP_APP_SECRET: APP.secret,
        WECHAT_TEMPLATE_ORDER_UPDATE: 'tpl-update',
        WECHAT_TEMPLATE_PAYMENT_DUE: 'tpl-due',
      },
    });
    admin = await t.createUser({ group: 1 });
  });
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
  });

  const deliveriesOf = (userId: number) =>
    t.deps.db
      .selectFrom('notification_deliveries')
      .select(['channel', 'attempts', 'sent_at', 'failed_at', 'last_error', 'kind'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it.each(['refuses', 'hangs'] as const)(
    'keeps the command fast when the mail server %s, retries, then shows the failure to admins',
    async (behaviour) => {
      const smtp = await startBadSmtp(behaviour);
      try {
        mailer.use(createMailer({ smtpUrl: smtp.url, from: 'no-reply@overseas-pay.test', outboxDir: '/nonexistent' }, 5_000));
        const payer = await t.createUser();
        const id = await orderInStatus(t, payer, 0);
        const started = performance.now();
        dataOf(await t.post('/api/v1/step/check/update', { id }, payer.token), 'check/update');
        // Below the mailer's 5 s timeout: a command that waited for the hanging server would take longer.
        expect(performance.now() - started).toBeLessThan(4_000);

        const [first] = await eventually(async () => {
          const rows = await deliveriesOf(payer.id);
          expect(rows[0]?.last_error).toBeTruthy();
          return rows;
        });
        expect(first).toMatchObject({ channel: 'email', attempts: 1, sent_at: null, failed_at: null });
        expect(smtp.connections()).toBeGreaterThan(0);
        if (behaviour === 'hangs') expect(first!.last_error).toContain('SendTimeout');

        t.clock.advance(FAST.retryMs);
        // The notifier's own loop may take the retry before this tick does: wait for its outcome.
        await t.runtime.notifier.tick();
        const [last] = await eventually(async () => {
          const rows = await deliveriesOf(payer.id);
          expect(rows[0]!.failed_at).not.toBeNull();
          return rows;
        });
        expect(last).toMatchObject({ attempts: 2, sent_at: null });

        const failed = dataOf<{ items: { user_id: number; channel: string; kind: string; order_no: string }[] }>(
          await t.post('/api/v1/manage/notifications/failed', {}, admin.token),
          'failed',
        );
        expect(failed.items).toContainEqual(
          expect.objectContaining({
            user_id: payer.id,
            channel: 'email',
            kind: 'order_confirmed',
            order_no: (await orderNo(t, id)).order_no,
          }),
        );
        expect((await t.post('/api/v1/manage/notifications/failed', {}, payer.token)).statusCode).toBe(403);
      } finally {
        mailer.use({ send: async () => undefined });
        await smtp.close();
      }
    },
  );

  it('gives up on a mail the mail server has not taken within the timeout: it does not arrive after its failure was counted', async () => {
    const smtp = await startSmtpStandIn({ greetingDelayMs: 3 * FAST.sendTimeoutMs });
    try {
      mailer.use(createMailer({ smtpUrl: smtp.url, from: 'no-reply@overseas-pay.test', outboxDir: '/nonexistent' }, 5_000));
      const payer = await t.createUser();
      await orderInStatus(t, payer, 1);
      await eventually(async () => expect((await deliveriesOf(payer.id))[0]?.last_error).toContain('SendTimeout'));
      // The server greets meanwhile: the mail waiting for it was withdrawn, not sent late.
      await new Promise((resolve) => setTimeout(resolve, 4 * FAST.sendTimeoutMs));
      expect(smtp.connections()).toBeGreaterThan(0);
      expect(smtp.received.filter((received) => received.to.includes(payer.email))).toEqual([]);
      expect(await deliveriesOf(payer.id)).toMatchObject([{ channel: 'email', attempts: 1, sent_at: null }]);
    } finally {
      mailer.use({ send: async () => undefined });
      await smtp.close();
    }
  });

  it('sends no WeChat message to a payer whose only openid is the QR-code app’s (WeChat would refuse it): mail and the bell instead', async () => {
    const payer = await t.createUser();
    await t.deps.db
      .updateTable('users')
      .set({ wechat_openid: `qr-openid-${payer.id}` })
      .where('id', '=', payer.id)
      .execute();
    await orderInStatus(t, payer, 1);
    await eventually(async () => expect(await kindsOf(t, payer)).toEqual(['order_confirmed']));
    await t.runtime.notifier.tick();
    expect((await deliveriesOf(payer.id)).map((delivery) => delivery.channel)).toEqual(['email']);
    expect(wechat.received.some((m) => m.body.touser === `qr-openid-${payer.id}`)).toBe(false);
  });

  it('sends a WeChat template message to a payer who signed in with WeChat, and retries one WeChat refused', async () => {
    const payer = await t.createUser();
    await t.deps.db
      .updateTable('users')
      .set({ wechat_mp_openid: `openid-${payer.id}` })
      .where('id', '=', payer.id)
      .execute();
    const id = await orderInStatus(t, payer, 1);
    const message = await eventually(async () => {
      const found = wechat.received.find((m) => m.body.touser === `openid-${payer.id}`);
      expect(found).toBeDefined();
      return found!;
    });
    const { order_no } = await orderNo(t, id);
    expect(message.access_token).toBe('token-1');
    expect(message.body).toMatchObject({ template_id: 'tpl-due', url: `http://localhost:3000/order/${id}` });
    expect(message.body.data['keyword1']).toEqual({ value: order_no });
    expect(message.body.data['first']!.value).toBe(`订单 ${order_no} 已确认`);

    wechat.refuseWith(43004);
    await runOrderCommand(t.deps, id, { type: 'cancelOrder' }, { id: String(payer.id), role: 'payer' }).catch(() => undefined);
    const other = await t.createUser();
    await t.deps.db
      .updateTable('users')
      .set({ wechat_mp_openid: `openid-${other.id}` })
      .where('id', '=', other.id)
      .execute();
    await orderInStatus(t, other, 1);
    await eventually(async () => expect((await deliveriesOf(other.id)).find((d) => d.channel === 'wechat')?.last_error).toContain('43004'));
    wechat.refuseWith(0);
    t.clock.advance(FAST.retryMs);
    await t.runtime.notifier.tick();
    const retried = await eventually(async () => {
      const row = (await deliveriesOf(other.id)).find((d) => d.channel === 'wechat');
      expect(row?.sent_at ?? null).not.toBeNull();
      return row;
    });
    expect(retried).toMatchObject({ attempts: 2, failed_at: null });
  });
});

describe('the notifier across a restart of the process', () => {
  it('tells nothing again when a new app starts on the same database', async () => {
    const first = await startTestApp('pglite', { onDisk: true, notifier: FAST });
    const payer = await first.createUser();
    await orderInStatus(first, payer, 1);
    await eventually(async () => expect(await kindsOf(first, payer)).toEqual(['order_confirmed']));
    const before = await counts(first);
    // A stop, not close(): close() removes the data folder the next process opens.
    await first.app.close();
    await first.runtime.close();

    const second = await startTestApp('pglite', { onDisk: true, dataDir: first.dataDir, notifier: FAST });
    try {
      await second.runtime.notifier.tick();
      expect(await counts(second)).toEqual(before);
      // The same user, signed in on the new process: their notification is there, once.
      const token = await openSession(second.deps, { id: payer.id, group: 0, sessions_valid_after: new Date(0) });
      expect(await kindsOf(second, { ...payer, token })).toEqual(['order_confirmed']);
      expect(second.mail).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

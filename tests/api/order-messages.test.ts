import { describe, expect, it } from 'vitest';
import { ERASED } from '../../src/domain/index.js';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import { writtenState } from './support/back-office.js';
import { dataOf, orderInStatus } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestUser } from './support/test-app.js';

const S = '/api/v1/step/order';
const M = '/api/v1/manage/order';
const BANK = { id: 'bank', role: 'bank' } as const;
const NOTE = '请补充护照首页及入学通知书';

interface Message {
  id: string;
  side: 'payer' | 'back_office';
  author_name: string;
  text: string;
  at: string;
}
interface View {
  status: number;
  cny_amount: string;
  paid_cny: string;
  outstanding_cny: string;
  materials_note: string;
}

const nameOf = (user: TestUser) => user.email.split('@')[0]!;

describe.each(ENGINES)('messages on an order and the bank note on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, auditor, payer, stranger, leaving] = t.users('admin', 'auditor', 'payer', 'payer', 'payer');
  const thread = async (path: string, id: string, user: TestUser) =>
    dataOf<Message[]>(await t.post(`${path}/messages`, { id }, user.token), 'messages');
  const view = async (id: string, user: TestUser) => dataOf<View>(await t.post(`${S}/find`, { id }, user.token), 'find');

  /** An order the payer declared transferred, at which the bank asked for more materials (13). */
  async function orderAt13(): Promise<string> {
    const id = await orderInStatus(t, payer, 2);
    dataOf(await t.post(`${S}/finishPay`, { id }, payer.token), 'finishPay');
    await runOrderCommand(t.deps, id, { type: 'requestMoreMaterials', note: NOTE }, BANK);
    return id;
  }

  it('shows the bank note to the payer; payer and back office write to each other, each message an event', async () => {
    const id = await orderAt13();
    expect(await view(id, payer)).toMatchObject({ status: 13, materials_note: NOTE });

    const posted = dataOf<{ id: string; message_id: string }>(
      await t.post(`${S}/message`, { id, text: '  护照首页已上传，请查收。 ' }, payer.token),
      'payer message',
    );
    expect(posted).toMatchObject({ id, message_id: expect.any(String) });
    dataOf(await t.post(`${M}/message`, { id, text: '已收到，谢谢。' }, admin.token), 'admin answer');

    const staffRead = await thread(M, id, admin);
    expect(staffRead).toEqual([
      { id: posted.message_id, side: 'payer', author_name: nameOf(payer), text: '护照首页已上传，请查收。', at: expect.any(String) },
      { id: expect.any(String), side: 'back_office', author_name: nameOf(admin), text: '已收到，谢谢。', at: expect.any(String) },
    ]);
    // The payer sees the back office as one side, not who in it wrote.
    const payerRead = await thread(S, id, payer);
    expect(payerRead.map((m) => [m.side, m.author_name, m.text])).toEqual([
      ['payer', nameOf(payer), '护照首页已上传，请查收。'],
      ['back_office', '', '已收到，谢谢。'],
    ]);
    // Each message is an event on the order's stream, in the history staff read.
    const found = dataOf<{ history: { type: string }[] }>(await t.post(`${M}/find`, { id }, admin.token), 'find');
    expect(found.history.filter((entry) => entry.type === 'OrderMessagePosted')).toHaveLength(2);
    // The message changes no status.
    expect((await view(id, payer)).status).toBe(13);
  });

  it('masks the texts and the bank note for an auditor, who may read but not write', async () => {
    const id = await orderAt13();
    dataOf(await t.post(`${S}/message`, { id, text: '我叫李四光' }, payer.token), 'payer message');
    const read = await thread(M, id, auditor);
    expect(read).toHaveLength(1);
    expect(read[0]!.text).not.toContain('李四光');
    expect((await view(id, auditor)).materials_note).not.toContain('护照');
    const written = await writtenState(t);
    expect((await t.post(`${M}/message`, { id, text: 'hello' }, auditor.token)).statusCode).toBe(403);
    expect(await writtenState(t)).toBe(written);
  });

  it('shows the bank note and the messages in the audit history: in the clear for an admin, masked for an auditor', async () => {
    const id = await orderAt13();
    dataOf(await t.post(`${S}/message`, { id, text: '护照首页已上传' }, payer.token), 'payer message');
    type Entry = { type: string; changes: { field: string; after: string | null }[] };
    const history = async (user: TestUser) =>
      dataOf<{ events: Entry[] }>(await t.post('/api/v1/audit/order/history', { id }, user.token), 'history').events;
    const said = (entries: Entry[], type: string, field: string) =>
      entries.find((entry) => entry.type === type)?.changes.find((change) => change.field === field)?.after;
    const clear = await history(admin);
    expect(said(clear, 'MoreMaterialsRequested', 'materials_note')).toBe(NOTE);
    expect(said(clear, 'OrderMessagePosted', 'message')).toBe('护照首页已上传');
    const masked = await history(auditor);
    expect(said(masked, 'MoreMaterialsRequested', 'materials_note')).toBe('•••');
    expect(said(masked, 'OrderMessagePosted', 'message')).toBe('•••');
  });

  it("refuses an empty, an overlong or a stranger's message, and writes nothing", async () => {
    const id = await orderAt13();
    const written = await writtenState(t);
    const empty = await t.post(`${S}/message`, { id, text: '   ' }, payer.token);
    expect(empty.statusCode).toBe(422);
    const long = await t.post(`${S}/message`, { id, text: '长'.repeat(2001) }, payer.token);
    expect(long.statusCode).toBe(422);
    expect((await t.post(`${S}/message`, { id, text: 'hi' }, stranger.token)).statusCode).toBe(404);
    expect((await t.post(`${S}/messages`, { id }, stranger.token)).statusCode).toBe(404);
    expect((await t.post(`${M}/message`, { id, text: 'hi' }, payer.token)).statusCode).toBe(403);
    expect(await writtenState(t)).toBe(written);
    // 2,000 characters are taken.
    dataOf(await t.post(`${S}/message`, { id, text: '长'.repeat(2000) }, payer.token), 'longest');
  });

  it('says what is still due: the shortfall after a short payment, nothing once paid', async () => {
    const id = await orderInStatus(t, payer, 2);
    const before = await view(id, payer);
    expect(before.outstanding_cny).toBe(before.cny_amount);
    const part = (Number(before.cny_amount) - 1000).toFixed(2);
    await runOrderCommand(t.deps, id, { type: 'recordPayment', payment_id: `short-${id}`, amount_cny: part }, BANK);
    expect(await view(id, payer)).toMatchObject({ status: 12, outstanding_cny: '1000.00' });
    await runOrderCommand(t.deps, id, { type: 'recordPayment', payment_id: `rest-${id}`, amount_cny: '1000' }, BANK);
    expect(await view(id, payer)).toMatchObject({ status: 4, outstanding_cny: '0.00' });
  });

  it('erases what the payer wrote with the payer', async () => {
    const id = await orderInStatus(t, leaving, 2);
    dataOf(await t.post(`${S}/message`, { id, text: '我的电话 13800138000' }, leaving.token), 'message');
    dataOf(await t.post('/api/v1/manage/eraseUser', { id: leaving.id }, admin.token), 'erase');
    const read = await thread(M, id, admin);
    expect(read.map((m) => m.text)).toEqual([ERASED]);
  });
});

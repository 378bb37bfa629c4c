// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { can } from '../../../src/domain/order/decider.js';
import { emptyOrderData } from '../../../src/domain/order/order-data.js';
import { displayOfStatus, snapshotOf, statusHasTag } from '../../../src/domain/order/progress.js';
import { ORDER_TAGS } from '../../../src/domain/order/order-machine.js';
import { STATUSES, type Status } from '../../../src/domain/order/status.js';
import OrderPage from '../../../src/web/features/orders/order-page.js';
import { commonMessages } from '../../../src/web/i18n/common-messages.js';
import { callsTo, fail, holdCalls, serveApi } from '../support/api-server.js';
import { fileOfSize, storedFiles } from '../support/files.js';
import { orderKeys } from '../../../src/web/lib/queries.js';
import { orderViewOf } from '../support/contract-fixtures.js';
import { renderWithApp, testQueryClient } from '../support/render-with-app.js';

const USER = { id: 7, name: '张三', email: 'payer@example.com', group: 0 };

interface FakeOrder {
  id: string;
  status: Status;
  bank: number | null;
  jsfile: { uid: string; name: string; status: 'done'; url: string }[];
  [field: string]: unknown;
}

const orderAt = (status: Status, extra: Partial<FakeOrder> = {}): FakeOrder => ({
  ...orderViewOf(),
  id: 'order-1',
  status,
  amount: '5000',
  currency: 'EUR',
  cny_amount: '39123.45',
  // At 12 part of the money is in (CNY 1,000.00 short); before, nothing is.
  paid_cny: status === 12 ? '38123.45' : '0.00',
  outstanding_cny: status === 12 ? '1000.00' : '39123.45',
  deadline_date: '2099-08-01T08:00:00.000Z',
  created_at: '2026-07-30T08:00:00.000Z',
  resource: '1001',
  resource_name: 'Charité Universitätsmedizin Berlin',
  bank: status >= 2 ? 1 : null,
  reserve_name: 'Demo Reserve',
  reserve_bank: 'Demo Bank Beijing',
  reserve_account_no: '6222 0000 1111',
  reserve_postscript: 'order-1',
  jsfile: [],
  active_upload_document: false,
  upload_document_token: null,
  accept_account_name: 'Charité',
  accept_bank: 'Deutsche Bank',
  ...extra,
});

/** 'I have transferred' (panel 1), then the confirmation naming amount, account and postscript. */
async function declareTransfer(): Promise<void> {
  const user = userEvent.setup();
  await user.click(within(screen.getByTestId('payment-panel')).getByRole('button', { name: '我已完成转账' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain('Demo Reserve · 6222 0000 1111');
  expect(dialog.textContent).toContain('39,123.45');
  expect(dialog.textContent).toContain('order-1');
  await user.click(within(dialog).getByRole('button', { name: '确认已转账' }));
}

const file = (uid: string, name: string) => ({ uid, name, status: 'done' as const, url: `/api/v1/files/${uid}` });

/** A server that keeps one order and changes it like the API does; uploads are held when asked. */
function serve(order: FakeOrder, options: { holdUploads?: boolean } = {}) {
  const uploads = holdCalls();
  serveApi({
    '/step/order/find': () => orderViewOf(order),
    '/step/order/messages': () => [],
    '/step/order/updateFile': (body) => {
      order.jsfile = body.fileList as FakeOrder['jsfile'];
      return { id: order.id, jsfile: order.jsfile };
    },
    '/step/order/finishUpload': () => {
      order.status = 3;
      return { id: order.id };
    },
    '/step/order/finishPay': () => {
      order.status = 4;
      return { id: order.id };
    },
    '/step/order/cancel': () => {
      order.status = 8;
      return { id: order.id };
    },
    '/step/order/makeJiMuPayLink': () => 'http://localhost:3000/sandbox/checkout/abc123',
    '/step/order/makeGoallPayLink': () => 'http://localhost:3000/sandbox/checkout/card456',
    '/step/order/upload': options.holdUploads ? uploads.resolve : (_body, call) => storedFiles(call.form),
  });
  return { uploads: uploads.held };
}

function renderPage(path = '/order/order-1', queryClient = testQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/order/:id', element: <OrderPage /> },
      { path: '/step/order/:id', element: <OrderPage /> },
      { path: '/step/pay/:id', element: <p>payment method step</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithApp(router, queryClient);
  return router;
}

const zh = commonMessages['zh-CN'];
const loaded = () => screen.findByTestId('order-progress');

describe('order detail page', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('access_token', 'token-7');
    localStorage.setItem('user', JSON.stringify(USER));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as Status[])('draws status %i exactly as displayOfStatus says', async (status) => {
    serve(orderAt(status));
    renderPage();
    await loaded();
    const display = displayOfStatus(status);

    const bar = screen.getByTestId('progress-bar');
    expect(bar.dataset.segment).toBe(String(display.segment));
    expect(bar.dataset.colour).toBe(display.colour);
    for (let n = 1; n <= 6; n++) {
      const segment = screen.getByTestId(`segment-${n}`);
      const stage = n < display.segment ? 'done' : n === display.segment ? 'current' : 'todo';
      expect(segment.dataset.stage).toBe(stage);
      if (stage === 'current') expect(segment.dataset.colour).toBe(display.colour);
    }
    // Two groups of three.
    expect(bar.children).toHaveLength(2);

    const steps = screen.getByTestId('order-steps');
    expect(steps.dataset.step).toBe(String(display.step));
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    // Remitted (7), every step is ticked; otherwise the status's step is the current one.
    const remitted = statusHasTag(status, ORDER_TAGS.settled) && !statusHasTag(status, ORDER_TAGS.calledOff);
    expect(items.findIndex((item) => item.getAttribute('aria-current') === 'step') + 1).toBe(remitted ? 0 : display.step);
    if (remitted) expect(items.every((item) => item.dataset.stage === 'done')).toBe(true);

    expect(screen.getByTestId('status-text').textContent).toBe(zh[display.textKey]);

    const panelOne = screen.getByTestId('panel-1');
    expect(panelOne.dataset.state).toBe(display.panel === 1 ? 'open' : 'closed');
    if (status > 1) expect(screen.getByTestId('panel-2').dataset.state).toBe(display.panel === 2 ? 'open' : 'closed');
    else expect(screen.queryByTestId('panel-2')).toBeNull();
  });

  it('shows the deadline banner only while payment is due (1, 2, 3, 12); at 12 the shortfall, and no cancellation', async () => {
    for (const status of STATUSES) {
      serve(orderAt(status));
      renderPage();
      await loaded();
      const banner = screen.queryByTestId('deadline-banner');
      if ([1, 2, 3].includes(status)) {
        expect(banner, `status ${status}`).not.toBeNull();
        expect(banner!.textContent).toMatch(/^请在 .+ 前支付 CNY\u00a039,123\.45，否则订单将自动取消$/);
        expect(banner!.textContent).toContain('2099');
      } else if (status === 12) {
        expect(banner!.textContent).toBe('已收到 CNY\u00a038,123.45，还需支付 CNY\u00a01,000.00');
        expect(screen.getByTestId('amount-to-pay').textContent).toBe('CNY\u00a01,000.00');
        expect(screen.getByTestId('transfer-amount').textContent).toContain('1,000.00');
      } else {
        expect(banner, `status ${status}`).toBeNull();
      }
      cleanup();
    }
  });

  it('refuses a file over 15 MB, naming it and the 15 MB bound of the note, and sends nothing', async () => {
    serve(orderAt(2));
    renderPage();
    await loaded();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('file-input'), fileOfSize('passport.pdf', 15 * 1024 * 1024 + 1));
    expect(await screen.findByText('passport.pdf 超过 15MB，未上传：单个文件不超过 15MB')).toBeTruthy();
    expect(screen.getByText('支持 PDF / JPG / PNG / ZIP，单个文件不超过 15MB')).toBeTruthy();
    expect(callsTo('/step/order/upload')).toHaveLength(0);
    expect(callsTo('/step/order/updateFile')).toHaveLength(0);
  });

  it('uploads several files at once, each with a progress bar, and pushes the whole list after each', async () => {
    const api = serve(orderAt(2), { holdUploads: true });
    renderPage();
    await loaded();
    const user = userEvent.setup();
    const exact = fileOfSize('exactly-15mb.pdf', 15 * 1024 * 1024);
    await user.upload(screen.getByTestId('file-input'), [fileOfSize('passport.jpg', 1000, 'image/jpeg'), exact]);

    const rows = await screen.findAllByTestId('uploading-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('上传中')).toBeTruthy();
    await waitFor(() => expect(api.uploads).toHaveLength(2));
    expect(api.uploads[0]!.call.form?.get('id')).toBe('order-1');
    expect(api.uploads.map((upload) => upload.call.authorization)).toEqual(['Bearer token-7', 'Bearer token-7']);

    // Each row has its own progress bar (the uploader's own tests drive it through the percentages).
    expect(rows.map((row) => within(row).getByRole('progressbar').getAttribute('aria-valuenow'))).toEqual(['0', '0']);

    api.uploads[0]!.answer(storedFiles(api.uploads[0]!.call.form));
    await waitFor(() => expect(callsTo('/step/order/updateFile')).toHaveLength(1));
    expect((callsTo('/step/order/updateFile')[0]!.body.fileList as { name: string }[]).map((f) => f.name)).toEqual(['passport.jpg']);

    api.uploads[1]!.answer(storedFiles(api.uploads[1]!.call.form));
    await waitFor(() => expect(callsTo('/step/order/updateFile')).toHaveLength(2));
    const last = callsTo('/step/order/updateFile')[1]!.body;
    expect(last.id).toBe('order-1');
    expect((last.fileList as { name: string; status: string }[]).map((f) => [f.name, f.status])).toEqual([
      ['passport.jpg', 'done'],
      ['exactly-15mb.pdf', 'done'],
    ]);
    await waitFor(() => expect(screen.queryAllByTestId('uploading-row')).toHaveLength(0));
    // Listed once, in the documents panel.
    expect(screen.getAllByText('exactly-15mb.pdf')).toHaveLength(1);
  });

  it('shows an upload error from the server as an error toast', async () => {
    const api = serve(orderAt(2), { holdUploads: true });
    renderPage();
    await loaded();
    await userEvent.setup().upload(screen.getByTestId('file-input'), fileOfSize('bill.exe.pdf', 1000));
    await waitFor(() => expect(api.uploads).toHaveLength(1));
    api.uploads[0]!.answer(fail(422, '仅支持 PDF / JPG / PNG / ZIP 文件', { file: ['仅支持 PDF / JPG / PNG / ZIP 文件'] }));
    expect((await screen.findByTestId('toast-error')).textContent).toBe('仅支持 PDF / JPG / PNG / ZIP 文件');
    expect(callsTo('/step/order/updateFile')).toHaveLength(0);
    expect(screen.queryAllByTestId('uploading-row')).toHaveLength(0);
    // The file waits with the reason, for a retry or to be dismissed.
    const failed = screen.getByTestId('failed-row');
    expect(within(failed).getByText('bill.exe.pdf 上传失败')).toBeTruthy();
    expect(within(failed).getByText('仅支持 PDF / JPG / PNG / ZIP 文件')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: '取消上传 bill.exe.pdf' })).toBeTruthy();
  });

  it('retries a failed upload: sent again, then listed and pushed', async () => {
    const api = serve(orderAt(2), { holdUploads: true });
    renderPage();
    await loaded();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('file-input'), fileOfSize('bill.pdf', 1000));
    await waitFor(() => expect(api.uploads).toHaveLength(1));
    api.uploads[0]!.answer(fail(503, '服务暂不可用'));
    await user.click(await screen.findByRole('button', { name: '重新上传 bill.pdf' }));
    expect(await screen.findByTestId('uploading-row')).toBeTruthy();
    expect(screen.queryByTestId('failed-row')).toBeNull();
    await waitFor(() => expect(api.uploads).toHaveLength(2));
    expect(api.uploads[1]!.call.body.file).toBe('bill.pdf');
    api.uploads[1]!.answer(storedFiles(api.uploads[1]!.call.form));
    await waitFor(() => expect(callsTo('/step/order/updateFile')).toHaveLength(1));
    expect((callsTo('/step/order/updateFile')[0]!.body.fileList as { name: string }[]).map((f) => f.name)).toEqual(['bill.pdf']);
    await waitFor(() => expect(screen.queryByTestId('uploading-row')).toBeNull());
  });

  it('cancels a file on its way: its row goes, and a late answer adds nothing', async () => {
    const api = serve(orderAt(2), { holdUploads: true });
    renderPage();
    await loaded();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('file-input'), [fileOfSize('keep.pdf', 1000), fileOfSize('drop.pdf', 1000)]);
    await waitFor(() => expect(api.uploads).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '取消上传 drop.pdf' }));
    expect(screen.getAllByTestId('uploading-row').map((row) => within(row).getByText(/\.pdf$/).textContent)).toEqual(['keep.pdf']);

    api.uploads[1]!.answer(storedFiles(api.uploads[1]!.call.form));
    api.uploads[0]!.answer(storedFiles(api.uploads[0]!.call.form));
    await waitFor(() => expect(callsTo('/step/order/updateFile')).toHaveLength(1));
    expect((callsTo('/step/order/updateFile')[0]!.body.fileList as { name: string }[]).map((f) => f.name)).toEqual(['keep.pdf']);
    expect(screen.queryByText('drop.pdf')).toBeNull();
  });

  it('removes a file and pushes the remaining list', async () => {
    serve(orderAt(2, { jsfile: [file('u1', 'passport.pdf'), file('u2', 'bill.pdf')] }));
    renderPage();
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: '删除 passport.pdf' }));
    await waitFor(() => expect(callsTo('/step/order/updateFile')).toHaveLength(1));
    expect(callsTo('/step/order/updateFile')[0]!.body).toEqual({ id: 'order-1', fileList: [file('u2', 'bill.pdf')] });
    await waitFor(() => expect(screen.queryByText('passport.pdf')).toBeNull());
  });

  it("'finish upload' calls finishUpload and reloads the order", async () => {
    serve(orderAt(2, { jsfile: [file('u1', 'passport.pdf')] }));
    renderPage();
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: '完成上传' }));
    await waitFor(() => expect(screen.getByTestId('status-text').textContent).toBe(zh['order.status.3']));
    expect(callsTo('/step/order/finishUpload')[0]!.body).toEqual({ id: 'order-1' });
    expect(callsTo('/step/order/find')).toHaveLength(2);
    expect(await screen.findByText('材料已提交')).toBeTruthy();
  });

  it("'finish upload' waits for a file", async () => {
    serve(orderAt(2));
    renderPage();
    await loaded();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '完成上传' }).disabled).toBe(true);
  });

  it("'finish pay' calls finishPay and reloads the order", async () => {
    serve(orderAt(3, { jsfile: [file('u1', 'passport.pdf')] }));
    renderPage();
    await loaded();
    expect(screen.queryByRole('button', { name: '完成上传' })).toBeNull();
    await declareTransfer();
    await waitFor(() => expect(screen.getByTestId('status-text').textContent).toBe(zh['order.status.4']));
    expect(callsTo('/step/order/finishPay')[0]!.body).toEqual({ id: 'order-1' });
    expect(callsTo('/step/order/find')).toHaveLength(2);
    expect((await screen.findByTestId('toast-success')).textContent).toContain('已确认转账，等待银行确认到账');
    expect(screen.queryByTestId('deadline-banner')).toBeNull();
  });

  it("offers no 'finish pay' once the deadline has passed (the order is due to time out)", async () => {
    serve(orderAt(3, { jsfile: [file('u1', 'passport.pdf')], deadline_date: '2020-01-01T00:00:00.000Z' }));
    renderPage();
    await loaded();
    expect(screen.queryByRole('button', { name: '我已完成转账' })).toBeNull();
  });

  it('reads the order again when the payer comes back to the tab, without pressing refresh', async () => {
    const order = orderAt(2);
    serve(order);
    renderPage();
    await loaded();
    expect(screen.getByTestId('status-text').textContent).toBe(zh['order.status.2']);

    // Paid in another tab: the money arrived while this tab was in the background.
    order.status = 4;
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await waitFor(() => expect(screen.getByTestId('status-text').textContent).toBe(zh['order.status.4']));
    expect(callsTo('/step/order/find')).toHaveLength(2);
    expect(callsTo('/step/order/finishPay')).toHaveLength(0);
  });

  it('marks the order and the orders list stale after a command', async () => {
    serve(orderAt(2));
    const queryClient = testQueryClient();
    queryClient.setQueryData(orderKeys.list, []);
    renderPage('/order/order-1', queryClient);
    await loaded();
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('management')).getByRole('button', { name: '取消订单' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确认取消' }));
    await waitFor(() => expect(screen.getByTestId('status-text').textContent).toBe(zh['order.status.8']));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('订单已取消');
    expect(queryClient.getQueryState(orderKeys.list)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(orderKeys.detail('order-1'))?.isInvalidated).toBe(false);
  });

  it('never repeats a failed command by itself', async () => {
    serveApi({ '/step/order/find': () => orderAt(3), '/step/order/finishPay': () => fail(503, '服务暂不可用') });
    renderPage();
    await loaded();
    await declareTransfer();
    expect(await screen.findByText('服务暂不可用')).toBeTruthy();
    expect(callsTo('/step/order/finishPay')).toHaveLength(1);
  });

  it("shows a server refusal of 'finish pay' as an error toast", async () => {
    const order = orderAt(3);
    serveApi({
      '/step/order/find': () => order,
      '/step/order/finishPay': () => fail(409, '订单当前状态不能完成付款', { status: ['订单当前状态不能完成付款'] }),
    });
    renderPage();
    await loaded();
    await declareTransfer();
    expect(await screen.findByText('订单当前状态不能完成付款')).toBeTruthy();
  });

  it("says '功能开发中..' for the placeholder links and for Close", async () => {
    serve(orderAt(4));
    renderPage();
    await loaded();
    const user = userEvent.setup();
    const management = screen.getByTestId('management');
    for (const name of ['更换支付方式', '查看订单信息', '取消订单', '分享订单']) {
      const link = within(management).getByRole('button', { name });
      expect(link.getAttribute('aria-disabled')).toBe('true');
    }
    await user.click(within(management).getByRole('button', { name: '分享订单' }));
    expect(within(management).getByRole('status').textContent).toBe('功能开发中..');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.getAllByText('功能开发中..').length).toBeGreaterThan(0);
  });

  it('offers a real cancel exactly where the order machine allows it', async () => {
    for (const status of STATUSES) {
      serve(orderAt(status));
      renderPage();
      await loaded();
      const allowed = can(
        snapshotOf({ ...emptyOrderData, id: 'order-1', owner_id: '7', status, jsfile: [] }),
        { type: 'cancelOrder' },
        { id: '7', role: 'payer' },
        new Date().toISOString(),
      );
      const cancel = within(screen.getByTestId('management')).getByRole('button', { name: '取消订单' });
      expect(cancel.getAttribute('aria-disabled') === 'true', `status ${status}`).toBe(!allowed);
      cleanup();
    }
  });

  it('cancels after confirmation and reloads', async () => {
    serve(orderAt(2));
    renderPage();
    await loaded();
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('management')).getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '暂不取消' }));
    expect(callsTo('/step/order/cancel')).toHaveLength(0);

    await user.click(within(screen.getByTestId('management')).getByRole('button', { name: '取消订单' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确认取消' }));
    await waitFor(() => expect(screen.getByTestId('status-text').textContent).toBe(zh['order.status.8']));
    expect(callsTo('/step/order/cancel')[0]!.body).toEqual({ id: 'order-1' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('deadline-banner')).toBeNull();
  });

  it('bank 3 outside WeChat: shows the scan QR drawn locally with the scan notice', async () => {
    serve(orderAt(2, { bank: 3 }));
    renderPage();
    await loaded();
    expect(screen.getByTestId('pay-method').textContent).toBe('微信支付');
    await userEvent.setup().click(screen.getByRole('button', { name: '微信支付' }));
    const qr = await screen.findByTestId('pay-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    expect(screen.getByText('请使用微信扫一扫完成支付')).toBeTruthy();
    expect(callsTo('/step/order/makeJiMuPayLink')[0]!.body).toEqual({ id: 'order-1' });
  });

  it('bank 3 on a phone outside WeChat: says the QR cannot be scanned here, offers the payment page, the QR image and another method', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1',
    );
    serve(orderAt(2, { bank: 3 }));
    renderPage();
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: '微信支付' }));
    const options = await screen.findByTestId('pay-phone-options');
    expect(within(options).getByRole('link', { name: '在手机浏览器中打开支付页面' }).getAttribute('href')).toBe(
      'http://localhost:3000/sandbox/checkout/abc123',
    );
    expect(within(options).getByRole('link', { name: '保存二维码图片' }).getAttribute('download')).toBe('wechat-pay-order-1.svg');
    expect(within(options).getByRole('link', { name: '更换支付方式' }).getAttribute('href')).toBe('/step/pay/order-1');
    expect(screen.queryByText('请使用微信扫一扫完成支付')).toBeNull();
    expect(screen.getByTestId('pay-awaiting').textContent).toContain('等待支付结果确认');
  });

  it('bank 1, a bank transfer: shows the account, the exact CNY and the postscript; nothing is declared until confirmed', async () => {
    serve(orderAt(3));
    renderPage();
    await loaded();
    const shown = (key: string) => screen.getByTestId(`transfer-${key}`).querySelector('dd')?.textContent;
    expect(shown('amount')).toContain('39,123.45');
    expect([shown('name'), shown('bank'), shown('account-no'), shown('postscript')]).toEqual([
      'Demo Reserve',
      'Demo Bank Beijing',
      '6222 0000 1111',
      'order-1',
    ]);
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('payment-panel')).getByRole('button', { name: '我已完成转账' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '还没有转账' }));
    expect(callsTo('/step/order/finishPay')).toHaveLength(0);
  });

  it('bank 3, WeChat Pay: no declaration to make anywhere; the payment is confirmed by the provider', async () => {
    serve(orderAt(3, { bank: 3 }));
    renderPage();
    await loaded();
    expect(screen.getByTestId('pay-method').textContent).toBe('微信支付');
    expect(screen.queryByRole('button', { name: '我已完成转账' })).toBeNull();
    expect(screen.queryByTestId('transfer-instructions')).toBeNull();
    expect(screen.getByRole('button', { name: '微信支付' })).toBeTruthy();
  });

  it('bank 1 outside WeChat: opens the checkout in a new page and says so', async () => {
    const opened = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    serve(orderAt(3, { bank: 1 }));
    renderPage();
    await loaded();
    expect(screen.getByTestId('pay-method').textContent).toBe('银行转账');
    await userEvent.setup().click(screen.getByRole('button', { name: '网银在线支付' }));
    expect(await screen.findByText('请在新打开的页面中完成支付')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
    expect(opened.location.href).toBe('http://localhost:3000/sandbox/checkout/card456');
    expect(opened.opener).toBeNull();
  });

  it('inside WeChat, bank 3 goes to the pay link instead of showing a QR', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve(orderAt(2, { bank: 3 }));
    renderPage();
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: '微信支付' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/abc123'));
    expect(screen.queryByTestId('pay-qr')).toBeNull();
  });

  it('status 1 leads to choosing the payment method', async () => {
    serve(orderAt(1));
    const router = renderPage();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '付款' }));
    await user.click(screen.getByRole('link', { name: '选择支付方式' }));
    expect(router.state.location.pathname).toBe('/step/pay/order-1');
  });

  it('works under /step/order/:id too and shows the institution and the files with download links', async () => {
    serve(orderAt(4, { jsfile: [file('u1', 'passport.pdf')] }));
    renderPage('/step/order/order-1');
    await loaded();
    expect(within(screen.getByTestId('institution')).getByText('Charité Universitätsmedizin Berlin')).toBeTruthy();
    const link = within(screen.getByTestId('documents-panel')).getByRole('link', { name: '下载 passport.pdf' });
    expect(link.getAttribute('href')).toBe('/api/v1/files/u1');
    // Listed once: the documents panel has them, so there is no second list below it.
    expect(screen.getAllByRole('link', { name: '下载 passport.pdf' })).toHaveLength(1);
    expect(screen.queryByTestId('order-files')).toBeNull();
  });

  it('shows a failed load as an error toast with a retry', async () => {
    serveApi({ '/step/order/find': () => fail(404, '订单不存在') });
    renderPage();
    expect(await screen.findAllByText('订单不存在')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('at 13 shows the bank note above the thread; the payer writes to the back office there', async () => {
    const thread: { id: string; side: string; author_name: string; text: string; at: string }[] = [
      { id: 'm1', side: 'back_office', author_name: '', text: '请上传护照首页', at: '2026-07-31T02:00:00.000Z' },
    ];
    const order = orderAt(13, { materials_note: '请补充护照首页' });
    serve(order);
    serveApi({
      '/step/order/find': () => orderViewOf(order),
      '/step/order/messages': () => thread,
      '/step/order/message': (body) => {
        thread.push({ id: 'm2', side: 'payer', author_name: 'payer', text: String(body.text), at: '2026-07-31T03:00:00.000Z' });
        return { id: order.id, message_id: 'm2' };
      },
    });
    renderPage();
    await loaded();
    const section = await screen.findByTestId('order-thread');
    expect(within(section).getByTestId('bank-note').textContent).toContain('请补充护照首页');
    expect(await within(section).findByText('请上传护照首页')).toBeTruthy();
    expect(screen.getByText(/银行需要您补充材料/)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(section).getByTestId('thread-input'), '已上传，请查收');
    await user.click(within(section).getByRole('button', { name: '发送留言' }));
    expect(await within(section).findByText('已上传，请查收')).toBeTruthy();
    expect(callsTo('/step/order/message').map((call) => call.body)).toEqual([{ id: 'order-1', text: '已上传，请查收' }]);
    expect(await screen.findByText('留言已发送')).toBeTruthy();
  });

  it('shows no bank note before the bank asks, and no form on an ended order', async () => {
    serve(orderAt(7, { materials_note: 'old note' }));
    renderPage();
    await loaded();
    const section = await screen.findByTestId('order-thread');
    expect(within(section).queryByTestId('bank-note')).toBeNull();
    expect(within(section).queryByTestId('thread-input')).toBeNull();
  });

  it('speaks English when asked', async () => {
    localStorage.setItem('locale', 'en-US');
    serve(orderAt(2));
    renderPage();
    await loaded();
    expect(screen.getByTestId('deadline-banner').textContent).toMatch(
      /^Please pay CNY\u00a039,123\.45 before .+, or the order will be cancelled automatically$/,
    );
    expect(screen.getByText('Upload documents for bank review', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Supports PDF / JPG / PNG / ZIP, each file under 15 MB')).toBeTruthy();
  });

  it('writes German amounts and dates the German way', async () => {
    localStorage.setItem('locale', 'de-DE');
    serve(orderAt(2));
    renderPage();
    await loaded();
    expect(screen.getByTestId('deadline-banner').textContent).toMatch(
      /^Bitte zahlen Sie 39\.123,45\u00a0CNY vor dem \d{2}\.\d{2}\.2099, \d{2}:\d{2}, sonst wird der Auftrag automatisch storniert$/,
    );
    expect(within(screen.getByTestId('institution')).getByText('5.000,00 EUR')).toBeTruthy();
  });
});

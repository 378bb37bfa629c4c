// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ManageOrderPage from '../../../src/web/features/manage/manage-order-page.js';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { callsTo, fail, holdCalls, recordedCalls, serveApi } from '../support/api-server.js';
import { manageOrderDetailOf, manageOrderRowOf, manageResourceOf, manageStatisticOf } from '../support/contract-fixtures.js';
import { renderWithApp } from '../support/render-with-app.js';
import { MARKUPS } from '../../domain/support.js';
import { freshStorage } from '../support/fresh-storage.js';

const STATISTIC = manageStatisticOf({ user: 12, order: 30, resource: 5, status_counts: { '4': 3, '7': 2 } });

const orderRow = (id: string, name: string) =>
  manageOrderRowOf({
    id,
    kind: 'order',
    status: 4,
    amount: '5000.00',
    currency: 'EUR',
    cny_amount: '39000.00',
    resource: '1004',
    resource_name: '慕尼黑工业大学',
    student_last_name: name,
    student_first_name: '三',
    student_last_name_pinyin: 'Zhang',
    student_first_name_pinyin: 'San',
    payer_phone: '13800138000',
    user: { id: 2, email: 'payer@example.com' },
    active_upload_document: false,
    created_at: '2026-11-20T08:00:00.000Z',
    partner: null,
  });

function signIn(group: number) {
  localStorage.setItem('access_token', 'token-of-group-' + group);
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Someone', email: 'someone@example.com', group }));
}

function serveBackOffice(overrides: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({
    '/manage/statistic': () => STATISTIC,
    '/manage/orders': (body) => ({ data: body.keyword === 'nobody' ? [] : [orderRow('o-1', '张')], next_page_url: null }),
    '/manage/users': () => ({
      data: [{ id: 1, name: 'Admin', email: 'admin@example.com', group: 1, unionid: null, created_at: '2026-11-01T00:00:00.000Z' }],
      next_page_url: null,
    }),
    '/manage/resources': () => ({
      data: [
        manageResourceOf({
          id: 1004,
          name: '慕尼黑工业大学',
          name_en: 'TUM',
          code: 'TUM',
          currency: 'EUR',
          country: 'Germany',
          preset_account: false,
          updated_at: '2026-11-01T00:00:00.000Z',
        }),
      ],
      next_page_url: null,
    }),
    '/manage/config/findBit': () => MARKUPS,
    '/manage/config/findNotice': () => ({ notice: '银行工作时间为 9:00-16:00', notice_en: '', notice_de: '' }),
    ...overrides,
  });
}

const renderManage = () =>
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));

describe('/manage', () => {
  freshStorage();

  it('refuses a payer and warehouse staff without calling the back office', async () => {
    serveBackOffice();
    signIn(0);
    renderManage();
    expect((await screen.findByTestId('manage-refused')).textContent).toContain('您没有访问管理后台的权限');
    cleanup();
    signIn(3);
    renderManage();
    expect((await screen.findByTestId('manage-refused')).textContent).toContain('仓库');
    expect(recordedCalls().filter((call) => call.path.startsWith('/manage'))).toEqual([]);
  });

  it('shows an admin the statistics, the order table and the change controls; an auditor the same without them', async () => {
    serveBackOffice();
    signIn(1);
    renderManage();
    await waitFor(() => expect(screen.getByTestId('stat-stats.orders').textContent).toBe('30'));
    expect(await screen.findByText('张三 (Zhang San)')).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('tab-resources'));
    expect(await screen.findByTestId('resource-add')).toBeTruthy();
    expect(screen.getAllByTestId('resource-edit')).toHaveLength(1);
    cleanup();

    signIn(2);
    renderManage();
    expect(await screen.findByTestId('read-only')).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('tab-resources'));
    await screen.findAllByTestId('resources-row');
    expect(screen.queryByTestId('resource-add')).toBeNull();
    expect(screen.queryByTestId('resource-edit')).toBeNull();
    expect(screen.getAllByTestId('resource-qr')).toHaveLength(1);
  });

  it('searches as you type; a late answer to an older keyword never replaces the newer list', async () => {
    const held = holdCalls();
    serveBackOffice({
      '/manage/orders': (body, call) => {
        if (body.keyword === 'zh') return held.resolve(body, call);
        return { data: body.keyword === 'zhang' ? [orderRow('o-new', '新')] : [orderRow('o-1', '张')], next_page_url: null };
      },
    });
    signIn(1);
    renderManage();
    await screen.findByText('张三 (Zhang San)');
    const user = userEvent.setup();
    const search = screen.getByTestId('orders-search');
    await user.type(search, 'zh');
    await waitFor(() => expect(held.held).toHaveLength(1));
    await user.type(search, 'ang');
    expect(await screen.findByText('新三 (Zhang San)')).toBeTruthy();
    await act(async () => held.held[0]!.answer({ data: [orderRow('o-old', '旧')], next_page_url: null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('旧三 (Zhang San)')).toBeNull();
    expect(screen.getByText('新三 (Zhang San)')).toBeTruthy();
    const keywords = callsTo('/manage/orders').map((call) => call.body.keyword);
    // A slow machine may let the debounce run out between two keystrokes ('z' then 'zh'): what
    // matters is the first list, the held 'zh' and the last keyword.
    expect(keywords[0]).toBe('');
    expect(keywords).toContain('zh');
    expect(keywords.at(-1)).toBe('zhang');
  });

  it('loads more by posting the keyword to next_page_url', async () => {
    serveBackOffice({
      '/manage/orders': (_body, call) =>
        call.path === '/manage/orders' && !callsTo('/manage/orders').slice(0, -1).length
          ? { data: [orderRow('o-1', '张')], next_page_url: '/api/v1/manage/orders?cursor=abc' }
          : { data: [orderRow('o-2', '李')], next_page_url: null },
    });
    signIn(1);
    renderManage();
    await screen.findByText('张三 (Zhang San)');
    await userEvent.setup().click(screen.getByTestId('orders-more'));
    expect(await screen.findByText('李三 (Zhang San)')).toBeTruthy();
    expect(screen.getByText('已全部加载')).toBeTruthy();
  });

  it("saves the markups with '已生效', and shows a refusal as the 'hint' warning", async () => {
    let refuse = false;
    serveBackOffice({
      '/manage/config/updateBit': () =>
        refuse ? fail(422, '加价须为 0 到 1 之间的小数', { bit_eur: ['加价须为 0 到 1 之间的小数'] }) : { message: '已生效' },
    });
    signIn(1);
    renderManage();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tab-markup'));
    const eur = await screen.findByLabelText('EUR');
    await user.clear(eur);
    await user.type(eur, '0.05');
    await user.click(screen.getByTestId('markup-save'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('已生效');
    expect(callsTo('/manage/config/updateBit')[0]!.body).toMatchObject({ bit_eur: '0.05', bit_usd: '0.01' });
    refuse = true;
    await user.click(screen.getByTestId('markup-save'));
    const hint = await screen.findByTestId('toast-hint');
    expect(hint.textContent).toContain('hint');
    expect(hint.textContent).toContain('加价须为 0 到 1 之间的小数');
  });

  /** An admin on the notice tab, whose saves succeed. */
  async function openNoticeForm() {
    serveBackOffice({ '/manage/config/updateNotice': () => ({ message: '已生效' }) });
    signIn(1);
    renderManage();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tab-notice'));
    return { user, form: await screen.findByTestId('notice-form') };
  }

  it('the notice is required before anything is sent', async () => {
    const { user, form } = await openNoticeForm();
    await user.clear(within(form).getByRole('textbox', { name: /公告内容（中文）/ }));
    await user.click(screen.getByTestId('notice-save'));
    expect(await within(form).findByText('此项为必填项')).toBeTruthy();
    expect(callsTo('/manage/config/updateNotice')).toEqual([]);
  });

  it('saves the notice with its optional English and German texts', async () => {
    const { user, form } = await openNoticeForm();
    await user.type(within(form).getByRole('textbox', { name: /英文公告/ }), 'Bank hours are 9:00-16:00');
    await user.click(screen.getByTestId('notice-save'));
    await waitFor(() =>
      expect(callsTo('/manage/config/updateNotice').map((call) => call.body)).toEqual([
        { notice: '银行工作时间为 9:00-16:00', notice_en: 'Bank hours are 9:00-16:00', notice_de: '' },
      ]),
    );
  });

  it("shows the server's field errors of a new institution beside its fields", async () => {
    serveBackOffice({ '/manage/updateResource': () => fail(422, 'IBAN 校验位不正确', { 'record.account_no': ['IBAN 校验位不正确'] }) });
    signIn(1);
    renderManage();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tab-resources'));
    await user.click(await screen.findByTestId('resource-add'));
    const dialog = await screen.findByTestId('resource-dialog');
    const values: Record<string, string> = {
      名称: '海德堡',
      国家: 'Germany',
      '账号 / IBAN': 'DE12 3456',
      账户名: 'UKHD',
      开户行: 'Deutsche Bank',
      'SWIFT/BIC': 'DEUTDEFF',
    };
    for (const [label, value] of Object.entries(values)) await user.type(within(dialog).getByLabelText(label), value);
    await user.click(within(dialog).getByTestId('resource-save'));
    expect(await within(dialog).findByText('IBAN 校验位不正确')).toBeTruthy();
    expect(callsTo('/manage/updateResource')[0]!.body).toMatchObject({ record: { name: '海德堡', currency: 'EUR', swift: 'DEUTDEFF' } });
  });
});

describe('/manage/orders/:id', () => {
  freshStorage();

  const detail = (overrides: Record<string, unknown> = {}) =>
    manageOrderDetailOf({
      ...orderRow('o-1', '张'),
      reserved_amount_rate: '7.8',
      bank: 3,
      payer_relation: '本人',
      payer_code: '+86',
      paid_cny: '39000.00',
      overpaid_cny: '0.00',
      settable_statuses: [5, 6, 9],
      history: [
        {
          revision: 0,
          type: 'OrderCreated',
          at: '2026-11-20T08:00:00.000Z',
          actor: { id: '2', role: 'payer' },
          status_before: null,
          status_after: 0,
        },
      ],
      ...overrides,
    });
  const renderOrder = () =>
    renderWithApp(
      createMemoryRouter([{ path: '/manage/orders/:id', element: <ManageOrderPage /> }], { initialEntries: ['/manage/orders/o-1'] }),
    );

  it('offers exactly the statuses the machine allows, confirms, and sends setStatus', async () => {
    let status = 4;
    serveApi({
      '/manage/order/find': () => detail({ status, settable_statuses: status === 4 ? [5, 6, 9] : [6, 7, 9] }),
      '/manage/setStatus': (body) => {
        status = Number(body.status);
        return { message: 'set success' };
      },
    });
    signIn(1);
    renderOrder();
    const targets = await screen.findByTestId('status-targets');
    expect(
      within(targets)
        .getAllByRole('button')
        .map((button) => button.getAttribute('data-testid')),
    ).toEqual(['set-status-5', 'set-status-6', 'set-status-9']);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('set-status-5'));
    expect((await screen.findByTestId('status-confirm')).textContent).toContain('银行确认收款中');
    await user.click(screen.getByTestId('status-confirm-button'));
    expect(screen.getByTestId('status-confirm').textContent).toContain('请填写此项');
    expect(callsTo('/manage/setStatus')).toEqual([]);
    await user.type(screen.getByTestId('status-reason'), '银行回单 BR-1');
    await user.click(screen.getByTestId('status-confirm-button'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('set success');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('银行确认收款中'));
    expect(callsTo('/manage/setStatus').map((call) => call.body)).toEqual([{ id: 'o-1', status: 5, reason: '银行回单 BR-1' }]);
    expect(await screen.findByTestId('set-status-7')).toBeTruthy();
  });

  it("shows the machine's refusal as the 'hint' warning and offers the targets again", async () => {
    serveApi({
      '/manage/order/find': () => detail(),
      '/manage/setStatus': () => fail(409, '订单状态“已转账”不能改为“银行汇款中”', {}, 'status_not_settable'),
    });
    signIn(1);
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('set-status-6'));
    await user.type(await screen.findByTestId('status-reason'), '客户来电');
    await user.click(screen.getByTestId('status-confirm-button'));
    expect((await screen.findByTestId('toast-hint')).textContent).toContain('不能改为');
    expect(await screen.findByTestId('status-targets')).toBeTruthy();
  });

  it("switches the upload link on and copies it ('copied to clipboard')", async () => {
    let active = false;
    serveApi({
      '/manage/order/find': () =>
        detail({ active_upload_document: active, upload_document_token: active ? 'tok_abcdefghijklmnopqrstuv' : null }),
      '/manage/changeUploadDocument': () => {
        active = !active;
        return {
          id: 'o-1',
          active_upload_document: active,
          upload_document_token: 'tok_abcdefghijklmnopqrstuv',
          upload_document_url: '/upload_documents/tok_abcdefghijklmnopqrstuv',
        };
      },
    });
    signIn(1);
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('upload-link-toggle'));
    const url = await screen.findByTestId('upload-link-url');
    expect(url.textContent).toBe(`${window.location.origin}/upload_documents/tok_abcdefghijklmnopqrstuv`);
    await user.click(screen.getByTestId('upload-link-copy'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('copied to clipboard');
  });

  it('an auditor gets the order and its history, without status control or link switch', async () => {
    serveApi({ '/manage/order/find': () => detail() });
    signIn(2);
    renderOrder();
    expect(await screen.findByTestId('order-history')).toBeTruthy();
    expect(screen.queryByTestId('status-targets')).toBeNull();
    expect(screen.queryByTestId('upload-link-toggle')).toBeNull();
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ManageOrderPage from '../../../src/web/features/manage/manage-order-page.js';
import { accepted, callsTo, serveApi } from '../support/api-server.js';
import { manageOrderDetailOf } from '../support/contract-fixtures.js';
import { freshStorage } from '../support/fresh-storage.js';
import { renderWithApp } from '../support/render-with-app.js';

function signIn(group: number, locale?: string) {
  localStorage.setItem('access_token', 'token-of-group-' + group);
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Someone', email: 'someone@example.com', group }));
  if (locale) localStorage.setItem('locale', locale);
}

const OVERPAID = {
  id: 'o-1',
  order_no: '20261120-0042',
  status: 4,
  amount: '5000.00',
  currency: 'EUR',
  cny_amount: '39000.00',
  reserved_amount_rate: '7.8',
  bank: 1,
  resource_name: '慕尼黑工业大学',
  accept_account_name: 'TUM Kasse',
  accept_account_no: 'DE02120300000000202051',
  student_last_name: '张',
  student_first_name: '三',
  student_last_name_pinyin: 'Zhang',
  student_first_name_pinyin: 'San',
  payer_last_name: '张',
  payer_first_name: '父',
  payer_relation: '父子',
  payer_code: '+86',
  payer_phone: '13800138000',
  created_at: '2026-11-20T08:00:00.000Z',
  status_since: '2026-11-21T02:30:00.000Z',
  settable_statuses: [5, 9],
  funds: {
    due_cny: '39000.00',
    received_cny: '40000.00',
    refunded_cny: '0.00',
    balance_cny: '1000.00',
    refundable_cny: '1000.00',
    entries: [{ kind: 'bank_credit', amount_cny: '40000.00', reference: 'BK-7781', at: '2026-11-21T02:30:00.000Z', by: '银行' }],
  },
  history: [
    {
      revision: 0,
      type: 'OrderCreated',
      at: '2026-11-20T08:00:00.000Z',
      actor: { id: '2', role: 'payer' },
      actor_name: '张父',
      status_before: null,
      status_after: 0,
    },
    {
      revision: 7,
      type: 'OrderStatusSet',
      at: '2026-11-21T03:00:00.000Z',
      actor: { id: '1', role: 'admin' },
      actor_name: '王会计',
      status_before: 3,
      status_after: 4,
      reason: '客户来电确认',
      amount_cny: '',
    },
  ],
};

/** The text as a reader sees it: Intl puts no-break spaces between a currency and its amount. */
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');

const renderOrder = () =>
  renderWithApp(
    createMemoryRouter([{ path: '/manage/orders/:id', element: <ManageOrderPage /> }], { initialEntries: ['/manage/orders/o-1'] }),
  );

describe('the admin’s order page', () => {
  freshStorage();

  it('titles the order by its number and reads its fields in groups, in Chinese, times in China time', async () => {
    serveApi({ '/manage/order/find': () => manageOrderDetailOf(OVERPAID) });
    signIn(1);
    renderOrder();
    expect(text(await screen.findByRole('heading', { level: 1 }))).toContain('订单 20261120-0042');
    const amounts = screen.getByTestId('group-amounts');
    expect(within(amounts).getByText('外币金额')).toBeTruthy();
    expect(text(screen.getByTestId('field-field.amount'))).toBe('EUR 5,000.00');
    expect(text(screen.getByTestId('field-field.cny'))).toBe('CNY 39,000.00');
    expect(text(screen.getByTestId('field-field.method'))).toBe('银行转账');
    expect(text(screen.getByTestId('field-field.created'))).toBe('2026/11/20 16:00 GMT+8');
    expect(text(screen.getByTestId('field-field.patient'))).toBe('张三 (Zhang San)');
    expect(text(screen.getByTestId('field-field.phone'))).toBe('+86 13800138000');
    expect(within(screen.getByTestId('group-payee')).getByText('收款方')).toBeTruthy();
    expect(screen.queryByText('accept_account_no')).toBeNull();
    expect(screen.queryByTestId('materials-note')).toBeNull();
  });

  it('shows the funds and each entry in words, and the history with names, roles and reasons', async () => {
    serveApi({ '/manage/order/find': () => manageOrderDetailOf(OVERPAID) });
    signIn(1);
    renderOrder();
    expect(text(await screen.findByTestId('funds-due'))).toBe('CNY 39,000.00');
    expect(text(screen.getByTestId('funds-received'))).toBe('CNY 40,000.00');
    expect(text(screen.getByTestId('funds-balance'))).toBe('待退 CNY 1,000.00');
    const entry = screen.getByTestId('funds-entry');
    expect(text(entry)).toContain('银行入账');
    expect(text(entry)).toContain('BK-7781');
    expect(text(entry)).toContain('2026/11/21 10:30 GMT+8');
    const [latest, first] = screen.getAllByTestId('history-entry');
    expect(text(within(latest!).getByTestId('history-event'))).toBe('管理员修改状态');
    expect(text(within(latest!).getByTestId('history-actor'))).toContain('王会计 (管理员)');
    expect(text(within(latest!).getByTestId('history-reason'))).toContain('客户来电确认');
    expect(text(first!)).toContain('创建订单');
    expect(text(first!)).toContain('张父 (付款人)');
    expect(screen.queryByText('OrderCreated')).toBeNull();
  });

  it('reads in English too', async () => {
    serveApi({ '/manage/order/find': () => manageOrderDetailOf(OVERPAID) });
    signIn(1, 'en-US');
    renderOrder();
    expect(text(await screen.findByRole('heading', { level: 1 }))).toContain('Order 20261120-0042');
    expect(screen.getByText('Payer and patient')).toBeTruthy();
    expect(text(screen.getByTestId('field-field.created'))).toBe('11/20/2026, 16:00 GMT+8');
    expect(text(screen.getByTestId('funds-balance'))).toBe('CNY 1,000.00 to refund');
    expect(text(screen.getByTestId('funds-entry'))).toContain('Bank credit');
    expect(text(screen.getAllByTestId('history-actor')[0]!)).toContain('王会计 (Admin)');
  });

  it('shows the bank’s note while the machine says the order waits for materials', async () => {
    serveApi({ '/manage/order/find': () => manageOrderDetailOf({ ...OVERPAID, status: 13, materials_note: '请补充入学通知书' }) });
    signIn(2, 'de-DE');
    renderOrder();
    const note = await screen.findByTestId('materials-note');
    expect(text(note)).toContain('Die Bank verlangt weitere Unterlagen');
    expect(text(note)).toContain('请补充入学通知书');
    expect(screen.queryByTestId('refund-open')).toBeNull();
  });

  it('refunds at most the refundable balance, with the bank’s reference and a reason', async () => {
    serveApi({
      '/manage/order/find': () => manageOrderDetailOf(OVERPAID),
      '/manage/order/refund': () => ({ message: '已生效' }),
    });
    signIn(1);
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('refund-open'));
    const dialog = await screen.findByTestId('refund-dialog');
    expect(text(dialog)).toContain('可退金额：CNY 1,000.00');
    await user.type(screen.getByTestId('refund-amount'), '1000.01');
    await user.click(screen.getByTestId('refund-submit'));
    expect(text(dialog)).toContain('不能超过可退金额 CNY 1,000.00');
    expect(text(dialog)).toContain('请填写此项');
    expect(callsTo('/manage/order/refund')).toEqual([]);
    await user.clear(screen.getByTestId('refund-amount'));
    await user.type(screen.getByTestId('refund-amount'), '1,000');
    await user.type(screen.getByTestId('refund-reference'), 'RF-001');
    await user.type(screen.getByTestId('refund-reason'), '多付退回');
    await user.click(screen.getByTestId('refund-submit'));
    expect(text(await screen.findByTestId('toast-success'))).toContain('已生效');
    expect(callsTo('/manage/order/refund').map((call) => call.body)).toEqual([
      { id: 'o-1', amount_cny: '1000', reference: 'RF-001', reason: '多付退回' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('refund-dialog')).toBeNull());
  });

  it('says when a refund waits for a second admin (202)', async () => {
    serveApi({
      '/manage/order/find': () => manageOrderDetailOf(OVERPAID),
      '/manage/order/refund': () => accepted({ approval_id: 'ap-1', message: '已提交审批' }),
    });
    signIn(1, 'en-US');
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('refund-open'));
    await user.type(await screen.findByTestId('refund-amount'), '500');
    await user.type(screen.getByTestId('refund-reference'), 'RF-002');
    await user.type(screen.getByTestId('refund-reason'), 'overpaid');
    await user.click(screen.getByTestId('refund-submit'));
    expect(text(await screen.findByTestId('refund-proposal'))).toBe('Above the approval limit, a second admin must approve: 已提交审批');
  });
});

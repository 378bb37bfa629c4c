// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, serveApi } from '../support/api-server.js';
import { makeOrder, renderAt, signIn } from './support.js';

const filled = makeOrder({
  resource: '996',
  amount: '3500',
  accept_reference: 'INV-2026-001',
  accept_remittance: 'Tuition 2026',
  student_last_name: '张',
  student_first_name: '三丰',
  student_last_name_pinyin: 'Zhang',
  student_first_name_pinyin: 'Sanfeng',
  student_email: 'zhang@example.com',
  payer_relation: '本人',
  payer_code: '+86',
  payer_phone: '13800138000',
});

describe('step 4: check', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(cleanup);

  it('summarises the order read-only, confirms it on Next and goes to /step/pay/{id}', async () => {
    const calls = serveApi({ '/step/order/find': () => filled, '/step/check/update': (body) => ({ id: String(body.id) }) });
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    const value = async (key: string) => (await screen.findByTestId(`summary-${key}`)).querySelector('dd')?.textContent;
    expect(await value('amount')).toBe('EUR\u00a03,500.00');
    expect(await value('institution')).toBe('柏林夏里特医院');
    expect(await value('reference')).toBe('INV-2026-001');
    expect(await value('remittance')).toBe('Tuition 2026');
    expect(await value('patient-name')).toBe('张三丰');
    expect(await value('patient-pinyin')).toBe('Zhang Sanfeng');
    expect(await value('email')).toBe('zhang@example.com');
    expect(await value('phone')).toBe('+86 13800138000');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByRole('link', { name: '上一步' }).getAttribute('href')).toBe('/step/send/o1');

    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step/pay/o1'));
    expect(calls.find((call) => call.path === '/step/check/update')?.body).toEqual({ id: 'o1' });
  });

  it("toasts the server's refusal and stays", async () => {
    serveApi({ '/step/order/find': () => filled, '/step/check/update': () => fail(409, '当前订单状态不允许此操作') });
    const user = userEvent.setup();
    const { router } = renderAt('/step/check/o1');
    await screen.findByTestId('summary-amount');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('当前订单状态不允许此操作');
    expect(router.state.location.pathname).toBe('/step/check/o1');
    expect(screen.getByRole('button', { name: '下一步' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows '未填写' for what is missing and a load failure with a retry", async () => {
    let attempts = 0;
    serveApi({ '/step/order/find': () => (++attempts === 1 ? fail(404, '订单不存在') : makeOrder()) });
    const user = userEvent.setup();
    renderAt('/step/check/o1');
    expect((await screen.findByTestId('toast-error')).textContent).toContain('订单不存在');
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('summary-email')).textContent).toContain('未填写');
  });

  it("without an order id shows '缺少订单ID'", async () => {
    const calls = serveApi({});
    renderAt('/step/check/');
    expect((await screen.findByTestId('missing-order-id')).textContent).toContain('缺少订单ID');
    expect(screen.queryByRole('button', { name: '下一步' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

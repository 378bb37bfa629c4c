// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CC01_SITE } from '../../../src/web/features/steps/parts/external.js';
import { fail, pending, serveApi, type Resolver } from '../support/api-server.js';
import { findResourceStub, makeOrder, renderAt, pressAndLand } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

const RATES: Record<string, string> = { EUR: '8.31735', USD: '7.2', JPY: '0.0481', AUD: '4.7' };

function api(extra: Record<string, Resolver> = {}) {
  return serveApi({
    '/public/findNotice': () => '',
    '/public/findResource': findResourceStub,
    '/public/findRate': (body) => RATES[String(body.currency)] ?? fail(422, '不支持的币种'),
    '/step/amount/create': () => ({ id: 'new-order' }),
    ...extra,
  });
}

const amountBox = () => screen.getByRole('textbox', { name: /汇款金额/ });
const nextButton = () => screen.getByRole('button', { name: '下一步' });

describe('step 1: amount', () => {
  signedInPayer();

  it("under 3000 shows '金额必须高于 {currency} 3000', disables Next and estimates 0.00; at 3000 the exact CNY", async () => {
    api();
    const user = userEvent.setup();
    const { router } = renderAt('/step/amount/?resource=996&from=web');
    expect(await screen.findByText('柏林夏里特医院')).toBeTruthy();
    expect(screen.getByTestId('receive-line').textContent).toBe('柏林夏里特医院 将收到');
    expect(screen.getByTestId('currency').textContent).toBe('EUR');

    await user.type(amountBox(), '2999');
    expect(screen.getByRole('alert').textContent).toBe('金额必须高于 EUR 3000');
    expect(nextButton().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByText(/1 EUR ≈ 8.31735 CNY/)).toBeTruthy());
    expect(screen.getByTestId('estimate').textContent).toBe('CNY\u00a00.00');

    await user.clear(amountBox());
    await user.type(amountBox(), '3000');
    expect(screen.queryByText('金额必须高于 EUR 3000')).toBeNull();
    expect(nextButton().hasAttribute('disabled')).toBe(false);
    // 3000 × 8.31735 = 24952.05 (the rate already includes the markup).
    expect(screen.getByTestId('estimate').textContent).toBe('CNY\u00a024,952.05');

    expect(await pressAndLand(user, router, nextButton(), '/step/accept/new-order', '/step/amount/create')).toEqual({
      resource: '996',
      amount: '3000',
      from: 'web',
    });
  });

  it("names the institution in the reader's language: English and German read its English name, the Chinese one beneath", async () => {
    for (const [locale, line] of [
      ['en-US', 'Mayo Clinic will receive'],
      ['de-DE', 'Mayo Clinic erhält'],
    ] as const) {
      localStorage.setItem('locale', locale);
      api();
      renderAt('/step/amount/?resource=1001');
      await waitFor(() => expect(screen.getByTestId('receive-line').textContent).toBe(line));
      expect(screen.getByText('梅奥诊所')).toBeTruthy();
      cleanup();
    }
  });

  it('lets JPY have no decimals and the other currencies at most 2', async () => {
    api();
    const user = userEvent.setup();
    renderAt('/step/amount/?resource=1003');
    expect(await screen.findByText('JPY')).toBeTruthy();
    await user.type(amountBox(), '3000.5');
    expect((amountBox() as HTMLInputElement).value).toBe('30005');
    expect(amountBox().getAttribute('inputmode')).toBe('numeric');
    cleanup();

    renderAt('/step/amount/?resource=1001');
    expect(await screen.findByText('USD')).toBeTruthy();
    await user.type(amountBox(), '3000.555');
    expect((amountBox() as HTMLInputElement).value).toBe('3000.55');
    await waitFor(() => expect(screen.getByTestId('estimate').textContent).toBe('CNY\u00a021,603.96'));
  });

  it("takes a German payer's decimal comma and grouping: '3000,50' and '3.000,50' are EUR 3000.50, sent as the plain decimal", async () => {
    localStorage.setItem('locale', 'de-DE');
    api();
    const user = userEvent.setup();
    const { router } = renderAt('/step/amount/?resource=996&from=web');
    const box = (await screen.findByRole('textbox', { name: /Betrag/ })) as HTMLInputElement;
    await user.type(box, '3000,50');
    expect(box.value).toBe('3000,50');
    expect(screen.queryByRole('alert')).toBeNull();
    // 3000.50 × 8.31735 = 24956.208675
    await waitFor(() => expect(screen.getByTestId('estimate').textContent).toBe('24.956,21\u00a0CNY'));
    await user.clear(box);
    await user.type(box, '3.000,50');
    expect(screen.getByTestId('estimate').textContent).toBe('24.956,21\u00a0CNY');
    expect(
      await pressAndLand(user, router, screen.getByRole('button', { name: 'Weiter' }), '/step/accept/new-order', '/step/amount/create'),
    ).toEqual({ resource: '996', amount: '3000.50', from: 'web' });
  });

  it('refuses a separator in the wrong place for the locale instead of reading a hundred times the amount', async () => {
    localStorage.setItem('locale', 'de-DE');
    const calls = api();
    const user = userEvent.setup();
    renderAt('/step/amount/?resource=996');
    const box = await screen.findByRole('textbox', { name: /Betrag/ });
    await user.type(box, '3000.50');
    expect(screen.getByRole('alert').textContent).toBe('Bitte geben Sie einen gültigen Betrag ein');
    expect(screen.getByRole('button', { name: 'Weiter' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('estimate').textContent).toBe('0,00\u00a0CNY');
    expect(calls.some((call) => call.path === '/step/amount/create')).toBe(false);
  });

  it('shows a resumed order’s amount with the locale’s decimal separator', async () => {
    localStorage.setItem('locale', 'de-DE');
    api({
      '/step/order/find': () => makeOrder({ id: 'o9', amount: '4200.50', resource: '1001', currency: 'USD', resource_name: '梅奥诊所' }),
    });
    renderAt('/step/amount/o9');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Betrag/ }).value).toBe('4200,50'));
    expect(screen.getByRole('button', { name: 'Weiter' }).hasAttribute('disabled')).toBe(false);
  });

  it("without a resource says '请先选择汇款对象' and goes to /", async () => {
    const calls = api();
    const { router } = renderAt('/step/amount/');
    expect(await screen.findByText('请先选择汇款对象')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.path.startsWith('/step/'))).toHaveLength(0);
  });

  it('with from=cc01 links the institution name to the external site', async () => {
    api();
    renderAt('/step/amount/?resource=1004&from=cc01');
    const link = await screen.findByRole('link', { name: /慕尼黑工业大学/ });
    expect(link.getAttribute('href')).toBe(CC01_SITE);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('without from=cc01 the name is plain text', async () => {
    api();
    renderAt('/step/amount/?resource=1004&from=web');
    expect(await screen.findByText('慕尼黑工业大学')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /慕尼黑工业大学/ })).toBeNull();
  });

  it('uses EUR for resource 996 while its currency has not loaded', async () => {
    api({ '/public/findResource': () => pending() });
    renderAt('/step/amount/?resource=996');
    expect((await screen.findByTestId('currency')).textContent).toBe('EUR');
  });

  it('shows the notice banner when there is a notice', async () => {
    api({ '/public/findNotice': () => '春节期间银行处理时间顺延' });
    renderAt('/step/amount/?resource=1004');
    expect((await screen.findByTestId('notice')).textContent).toContain('春节期间银行处理时间顺延');
  });

  it('resumes an order: loads its amount and institution, and Next changes the amount with the id', async () => {
    api({
      '/step/order/find': () => makeOrder({ id: 'o7', amount: '4200', resource: '1001', currency: 'USD', resource_name: '梅奥诊所' }),
      '/step/amount/create': (body) => ({ id: String(body.id) }),
    });
    const user = userEvent.setup();
    const { router } = renderAt('/step/amount/o7');
    await waitFor(() => expect((amountBox() as HTMLInputElement).value).toBe('4200'));
    expect(screen.getByTestId('currency').textContent).toBe('USD');
    await user.clear(amountBox());
    await user.type(amountBox(), '5000');
    expect(await pressAndLand(user, router, nextButton(), '/step/accept/o7', '/step/amount/create')).toEqual({
      id: 'o7',
      resource: '1001',
      amount: '5000',
      from: '',
    });
  });

  it('a confirmed order keeps its amount and Next continues to its payment', async () => {
    const calls = api({ '/step/order/find': () => makeOrder({ id: 'o8', status: 1, amount: '3500', cny_amount: '29110.73' }) });
    const user = userEvent.setup();
    const { router } = renderAt('/step/amount/o8');
    await waitFor(() => expect((amountBox() as HTMLInputElement).value).toBe('3500'));
    expect(amountBox().hasAttribute('readonly')).toBe(true);
    expect(screen.getByTestId('estimate').textContent).toBe('CNY\u00a029,110.73');
    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/step/pay/o8'));
    expect(calls.some((call) => call.path === '/step/amount/create')).toBe(false);
  });

  it("shows the server's error as a toast and clears the button's loading state", async () => {
    api({ '/step/amount/create': () => fail(422, '请求参数有误', { amount: ['金额必须高于 USD 3000'] }) });
    const user = userEvent.setup();
    renderAt('/step/amount/?resource=1001');
    await user.type(await screen.findByRole('textbox', { name: /汇款金额/ }), '3000');
    await user.click(nextButton());
    expect((await screen.findByTestId('toast-error')).textContent).toContain('金额必须高于 USD 3000');
    // The refusal names the amount: it shows beside the box too, which does not disable Next.
    expect(document.getElementById(`${amountBox().id}-error`)?.textContent).toBe('金额必须高于 USD 3000');
    expect(amountBox().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(nextButton().hasAttribute('disabled')).toBe(false));
    expect(nextButton().getAttribute('aria-busy')).toBe('false');
  });

  it('shows the step header with step 1 current', async () => {
    api();
    renderAt('/step/amount/?resource=1004');
    const header = await screen.findByTestId('step-header');
    const current = header.querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('填写金额');
    expect(header.querySelectorAll('li')).toHaveLength(5);
  });
});

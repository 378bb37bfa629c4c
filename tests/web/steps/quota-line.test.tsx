// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, serveApi, type Resolver } from '../support/api-server.js';
import { findResourceStub, makeOrder, renderAt } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

const USED = { year_usd: '9785.13', allowance_usd: '50000.00', year: 2026 };
/** What the server answers for EUR 30000 and 40000 (the order's amount); the figures themselves are the API test's. */
const WITHIN = { ...USED, order_usd: '34707.78', remaining_usd: '5507.09', exceeds_allowance: false };
const BEYOND = { ...USED, order_usd: '46277.04', remaining_usd: '0.00', exceeds_allowance: true };
const quotaFor: Resolver = (body) => ((body.amount ?? '40000') === '40000' ? BEYOND : WITHIN);

const draft = makeOrder({ id: 'o1', resource: '1004', amount: '40000' });

function api(extra: Record<string, Resolver> = {}) {
  return serveApi({
    '/public/findNotice': () => '',
    '/public/findResource': findResourceStub,
    '/public/findRate': () => '8.31735',
    '/step/quota': quotaFor,
    '/step/order/find': () => draft,
    '/step/check/quote': () => ({
      rate: '8.235',
      markup: '0.01',
      reserved_amount_rate: '8.31735',
      cny_amount: '332694.00',
      payment_hours: 72,
    }),
    ...extra,
  });
}

const amountBox = () => screen.getByRole('textbox', { name: /汇款金额/ });
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the USD quota line (DESIGN.md section 11)', () => {
  signedInPayer();

  it('on step 1 follows the typed amount once typing pauses, and only while the amount is acceptable', async () => {
    api();
    const user = userEvent.setup();
    renderAt('/step/amount/?resource=1004');
    expect(await screen.findByText('慕尼黑工业大学')).toBeTruthy();
    expect(screen.queryByTestId('quota')).toBeNull();

    await user.type(amountBox(), '30000');
    await screen.findByTestId('quota');
    expect(text('quota-order')).toBe('约合 USD\u00a034,707.78');
    expect(text('quota-year')).toBe('2026 年已用 USD\u00a09,785.13 / USD\u00a050,000.00');
    expect(text('quota-remaining')).toBe('本单后剩余 USD\u00a05,507.09');
    expect(text('quota-note')).toBe(
      '计入额度的是：您本人在 2026 年（北京时间）确认汇率、且未取消、超时或退款的订单，按今日汇率折算美元估算。',
    );
    expect(screen.queryByTestId('quota-warning')).toBeNull();
    // One question for the paused typing, none for 3, 30, 300 or 3000 on the way.
    expect(callsTo('/step/quota').map((call) => call.body)).toEqual([{ currency: 'EUR', amount: '30000' }]);

    // An amount that is not acceptable asks nothing and shows no figures.
    await user.clear(amountBox());
    await user.type(amountBox(), '2999');
    expect(screen.queryByTestId('quota')).toBeNull();

    // Beyond the allowance: a warning, and Next stays open (the bank decides).
    await user.clear(amountBox());
    await user.type(amountBox(), '40000');
    expect((await screen.findByTestId('quota-warning')).textContent).toBe(
      '本单加上今年已用金额将超出每人每年 5 万美元的购汇额度，银行可能要求补充材料或不予办理。',
    );
    expect(screen.getByRole('button', { name: '下一步' }).hasAttribute('disabled')).toBe(false);
    expect(callsTo('/step/quota').every((call) => ['30000', '40000'].includes(String(call.body.amount)))).toBe(true);
  });

  it('on step 1 of a saved order asks with the order, so it is not counted twice', async () => {
    api();
    const user = userEvent.setup();
    renderAt('/step/amount/o1');
    await screen.findByTestId('quota-warning');
    expect(callsTo('/step/quota')[0]?.body).toEqual({ id: 'o1', amount: '40000' });
    await user.clear(amountBox());
    await user.type(amountBox(), '30000');
    await waitFor(() => expect(screen.queryByTestId('quota-warning')).toBeNull());
    expect(callsTo('/step/quota').at(-1)?.body).toEqual({ id: 'o1', amount: '30000' });
  });

  it("on step 4 shows the order's figures and warns beyond the allowance, confirming still open", async () => {
    api();
    renderAt('/step/check/o1');
    expect((await screen.findByTestId('quota-order')).textContent).toBe('约合 USD\u00a046,277.04');
    expect(text('quota-remaining')).toBe('本单后剩余 USD\u00a00.00');
    expect(screen.getByTestId('quota-warning')).toBeTruthy();
    expect(callsTo('/step/quota').map((call) => call.body)).toEqual([{ id: 'o1' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: '确认订单并锁定汇率' }).hasAttribute('disabled')).toBe(false));
  });

  it('speaks English and German', async () => {
    for (const [locale, order, note] of [
      ['en-US', 'About USD\u00a046,277.04', /^What counts: your own orders whose rate was locked in 2026 \(China time\)/],
      ['de-DE', 'Etwa 46.277,04\u00a0USD', /^Es zählen: Ihre eigenen Aufträge, deren Kurs 2026/],
    ] as const) {
      localStorage.setItem('locale', locale);
      api();
      renderAt('/step/check/o1');
      await waitFor(() => expect(screen.getByTestId('quota-order').textContent).toBe(order));
      expect(text('quota-note')).toMatch(note);
      cleanup();
    }
  });

  it('shows nothing when the figures cannot be read: the step goes on without them', async () => {
    api({ '/step/quota': () => ({ failure: true, status: 500, code: 'internal_error', message: '服务器错误', errors: {} }) });
    renderAt('/step/check/o1');
    await waitFor(() => expect(callsTo('/step/quota').length).toBeGreaterThan(0));
    expect(await screen.findByTestId('summary-cny')).toBeTruthy();
    expect(screen.queryByTestId('quota')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

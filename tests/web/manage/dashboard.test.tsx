// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ManageDashboard } from '../../../src/domain/contract/manage.js';
import { DashboardBlock } from '../../../src/web/features/manage/dashboard/dashboard-block.js';
import { dashboardSeries, stacked } from '../../../src/web/features/manage/dashboard/dashboard-series.js';
import type { DayChartProps } from '../../../src/web/features/manage/dashboard/day-chart.js';
import { fail, serveApi } from '../support/api-server.js';
import { freshStorage } from '../support/fresh-storage.js';
import { renderWithApp } from '../support/render-with-app.js';

// jsdom has no canvas: the chart (uPlot) is replaced by its props as text; the browser run draws it (tests/e2e/back-office-money.e2e.ts).
vi.mock('../../../src/web/features/manage/dashboard/day-chart.js', () => ({
  default: ({ chart }: { chart: DayChartProps }) => (
    <div data-testid={chart.testId}>
      {chart.series.map((one) => `${one.label} ${one.values.length} ${one.texts.at(-1)}`).join(' | ')} · {chart.dayTexts.at(-1)}
    </div>
  ),
}));

const DASHBOARD: ManageDashboard = {
  from: '2026-10-29',
  days: [
    { day: '2026-11-03', currency: 'EUR', received_cny: '0.00', paid_orders: 0, created_orders: 2 },
    { day: '2026-11-27', currency: 'AUD', received_cny: '4650.10', paid_orders: 1, created_orders: 1 },
    { day: '2026-11-27', currency: 'EUR', received_cny: '38259.81', paid_orders: 1, created_orders: 1 },
  ],
  funnel: { created: 4, confirmed: 3, paid: 2, remitting: 1, complete: 0 },
};

function signIn(locale?: string) {
  localStorage.setItem('access_token', 'token-of-group-1');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Admin', email: 'admin@example.com', group: 1 }));
  if (locale) localStorage.setItem('locale', locale);
}

/** An element's text with Intl's no-break spaces as plain ones. */
const textOf = (element: Element) => element.textContent!.replace(/\s/g, ' ');

const renderDashboard = () =>
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <DashboardBlock /> }], { initialEntries: ['/manage'] }));

describe('the dashboard’s figures', () => {
  it('fills every one of the 30 days per currency, sums in decimals, and stacks for the chart', () => {
    const series = dashboardSeries(DASHBOARD);
    expect(series.days).toHaveLength(30);
    expect([series.days[0], series.days[29]]).toEqual(['2026-10-29', '2026-11-27']);
    expect(series.currencies.map((one) => [one.currency, one.receivedTotal, one.createdTotal])).toEqual([
      ['AUD', '4650.10', 1],
      ['EUR', '38259.81', 3],
    ]);
    expect(series.receivedTotal).toBe('42909.91');
    expect(series.createdTotal).toBe(4);
    expect(
      stacked([
        [1, 0],
        [2, 3],
        [4, 0],
      ]),
    ).toEqual([
      [7, 3],
      [6, 3],
      [4, 0],
    ]);
  });
});

describe('the dashboard on /manage', () => {
  freshStorage();

  it('says it is loading, then shows the 30 days by currency, a table for screen readers and the funnel, dates in China time', async () => {
    serveApi({ '/manage/dashboard': () => DASHBOARD });
    signIn();
    renderDashboard();
    expect(screen.getByTestId('dashboard-loading').textContent).toBe('正在加载仪表板…');
    await screen.findByTestId('dashboard');
    expect(screen.getByText('2026年10月29日 至 2026年11月27日（中国时间）')).toBeTruthy();
    expect(textOf(screen.getByTestId('dashboard-received-summary'))).toBe(
      '共收到 CNY 42,909.91。AUD 订单：CNY 4,650.10；EUR 订单：CNY 38,259.81',
    );
    expect(screen.getByTestId('dashboard-orders-summary').textContent).toBe('共 4 个新订单。AUD：1 个；EUR：3 个');
    expect(screen.getByRole('figure', { name: /^每日收款（人民币，按币种）: 共收到 CNY/ })).toBeTruthy();
    expect(textOf(await screen.findByTestId('dashboard-received'))).toBe('AUD 30 CNY 4,650.10 | EUR 30 CNY 38,259.81 · 2026年11月27日');
    const rows = within(screen.getByTestId('dashboard-table')).getAllByRole('row');
    expect(rows.map(textOf)).toEqual([
      '日期币种收款（人民币）收款订单新订单',
      '2026年11月3日EURCNY 0.0002',
      '2026年11月27日AUDCNY 4,650.1011',
      '2026年11月27日EURCNY 38,259.8111',
    ]);
    expect(screen.getByTestId('funnel-paid').textContent).toBe('已收款2（50%）');
    expect(screen.getByTestId('funnel-complete').textContent).toBe('已完成0（0%）');
  });

  it('says when the dashboard could not be loaded, and loads it again on retry', async () => {
    serveApi({ '/manage/dashboard': () => fail(503, '服务暂不可用') });
    signIn();
    renderDashboard();
    const error = await screen.findByTestId('dashboard-error', {}, { timeout: 5000 });
    expect(within(error).getByRole('alert').textContent).toMatch(/^仪表板加载失败：/);
    serveApi({ '/manage/dashboard': () => ({ ...DASHBOARD, days: [] }) });
    await userEvent.setup().click(within(error).getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('dashboard-empty')).textContent).toBe('近 30 天没有收款，也没有新订单。');
  });

  it.each([
    [
      'en-US',
      'Oct 29, 2026 to Nov 27, 2026 (China time)',
      'CNY 42,909.91 received in total.',
      '4 new orders in total.',
      'Money received2 (50%)',
    ],
    [
      'de-DE',
      '29.10.2026 bis 27.11.2026 (chinesische Zeit)',
      'Insgesamt 42.909,91 CNY eingegangen.',
      'Insgesamt 4 neue Aufträge.',
      'Geld eingegangen2 (50 %)',
    ],
  ])('speaks %s', async (locale, period, received, orders, paid) => {
    serveApi({ '/manage/dashboard': () => DASHBOARD });
    signIn(locale);
    renderDashboard();
    await screen.findByTestId('dashboard');
    expect(screen.getByText(period)).toBeTruthy();
    expect(textOf(screen.getByTestId('dashboard-received-summary'))).toContain(received);
    expect(screen.getByTestId('dashboard-orders-summary').textContent).toContain(orders);
    expect(textOf(screen.getByTestId('funnel-paid'))).toBe(paid);
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { callsTo, serveApi } from '../support/api-server.js';
import { manageOrderRowOf, manageStatisticOf } from '../support/contract-fixtures.js';
import { freshStorage } from '../support/fresh-storage.js';
import { renderWithApp } from '../support/render-with-app.js';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');

function signIn(locale?: string) {
  localStorage.setItem('access_token', 'token-of-group-1');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Admin', email: 'admin@example.com', group: 1 }));
  if (locale) localStorage.setItem('locale', locale);
}

function serveQueue() {
  serveApi({
    '/manage/statistic': () =>
      manageStatisticOf({
        order: 9,
        queue_counts: { awaiting_funds: 4, funds_received: 2, awaiting_payer: 1, to_answer: 3, documents: 0, overpaid: 1, refunding: 1 },
      }),
    '/manage/orders': () => ({
      data: [
        manageOrderRowOf({ id: 'o-fresh', order_no: '20261126-0001', status: 4, status_since: ago(2), balance_cny: '-39000.00' }),
        manageOrderRowOf({ id: 'o-late', order_no: '20261120-0002', status: 4, status_since: ago(72), balance_cny: '1000.00' }),
      ],
      next_page_url: null,
    }),
  });
}

const renderManage = () =>
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));

describe('the orders tab as a work queue', () => {
  freshStorage();

  it('shows each queue with its count and each row’s time in status (past the SLA highlighted) and balance', async () => {
    serveQueue();
    signIn();
    renderManage();
    await waitFor(() => expect(text(screen.getByTestId('queue-awaiting_funds'))).toBe('待到账4'));
    expect(text(screen.getByTestId('queue-overpaid'))).toBe('多付待退1');
    expect(text(screen.getByTestId('queue-to_answer'))).toBe('待回复3');
    const [fresh, late] = await screen.findAllByTestId('orders-row');
    expect(text(within(fresh!).getByTestId('time-in-status'))).toBe('2小时');
    expect(within(fresh!).getByTestId('time-in-status').getAttribute('data-overdue')).toBe('false');
    expect(text(within(fresh!).getByTestId('row-balance'))).toBe('-CNY 39,000.00');
    expect(text(within(late!).getByTestId('time-in-status'))).toBe('3天');
    expect(within(late!).getByTestId('time-in-status').getAttribute('data-overdue')).toBe('true');
    expect(text(within(late!).getByTestId('row-balance'))).toBe('CNY 1,000.00');
  });

  it('sends the queue, the chosen statuses, the date range and the sort with the keyword', async () => {
    serveQueue();
    signIn();
    renderManage();
    const user = userEvent.setup();
    await screen.findAllByTestId('orders-row');
    await user.click(screen.getByTestId('queue-overpaid'));
    await user.click(screen.getByTestId('status-chip-4'));
    await user.click(screen.getByTestId('status-chip-12'));
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-11-30' } });
    await user.selectOptions(screen.getByTestId('filter-sort'), '-status_since');
    await waitFor(() =>
      expect(callsTo('/manage/orders').at(-1)!.body).toEqual({
        keyword: '',
        queue: 'overpaid',
        status: [4, 12],
        created_from: '2026-11-01',
        created_to: '2026-11-30',
        sort: '-status_since',
      }),
    );
    expect(screen.getByTestId('queue-overpaid').getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('filter-clear'));
    await waitFor(() => expect(callsTo('/manage/orders').at(-1)!.body).toEqual({ keyword: '' }));
  });

  it('reads in German', async () => {
    serveQueue();
    signIn('de-DE');
    renderManage();
    await waitFor(() => expect(text(screen.getByTestId('queue-awaiting_funds'))).toBe('Geld erwartet4'));
    expect(text(screen.getByTestId('queue-to_answer'))).toBe('Zu beantworten3');
    const [, late] = await screen.findAllByTestId('orders-row');
    expect(text(within(late!).getByTestId('time-in-status'))).toBe('3 Tage');
    expect(text(within(late!).getByTestId('row-balance'))).toBe('1.000,00 CNY');
    expect(screen.getByRole('option', { name: 'Am längsten im Status' })).toBeTruthy();
  });
});

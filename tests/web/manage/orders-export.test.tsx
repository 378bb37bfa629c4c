// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { server, serveApi } from '../support/api-server.js';
import { manageOrderRowOf, manageStatisticOf } from '../support/contract-fixtures.js';
import { freshStorage } from '../support/fresh-storage.js';
import { renderWithApp } from '../support/render-with-app.js';

function signIn(locale?: string) {
  localStorage.setItem('access_token', 'token-of-group-1');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Admin', email: 'admin@example.com', group: 1 }));
  if (locale) localStorage.setItem('locale', locale);
}

function serveQueue() {
  serveApi({
    '/manage/statistic': () => manageStatisticOf({ order: 1 }),
    '/manage/orders': () => ({ data: [manageOrderRowOf({ id: 'o-1', order_no: '20261126-0001' })], next_page_url: null }),
  });
}

const renderManage = () =>
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));

/** The link's path and its query as an object (a status list as its one "2,3" value). */
function target(testId: string) {
  const url = new URL(screen.getByTestId(testId).getAttribute('href')!, 'http://web.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

async function chooseFilters() {
  const user = userEvent.setup();
  await screen.findAllByTestId('orders-row');
  await user.click(screen.getByTestId('queue-overpaid'));
  await user.click(screen.getByTestId('status-chip-4'));
  await user.click(screen.getByTestId('status-chip-12'));
  fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-11-30' } });
  await user.selectOptions(screen.getByTestId('filter-sort'), '-status_since');
  await user.type(screen.getByTestId('orders-search'), '张三');
  return user;
}

describe('the work queue’s export links', () => {
  freshStorage();
  afterEach(() => vi.restoreAllMocks());

  it('carry no filter while none is chosen', async () => {
    serveQueue();
    signIn();
    renderManage();
    await screen.findAllByTestId('orders-row');
    expect(screen.getByTestId('export-csv').textContent).toBe('导出 CSV');
    expect(screen.getByTestId('export-xlsx').textContent).toBe('导出 Excel');
    expect(target('export-csv')).toEqual({ path: '/api/v1/manage/orders/export.csv', query: {} });
  });

  it('carry the current queue, statuses, dates, sort and keyword as query parameters', async () => {
    serveQueue();
    signIn();
    renderManage();
    await chooseFilters();
    const expected = {
      keyword: '张三',
      queue: 'overpaid',
      status: '4,12',
      created_from: '2026-11-01',
      created_to: '2026-11-30',
      sort: '-status_since',
    };
    await waitFor(() => expect(target('export-csv')).toEqual({ path: '/api/v1/manage/orders/export.csv', query: expected }));
    expect(target('export-xlsx')).toEqual({ path: '/api/v1/manage/orders/export.xlsx', query: expected });
    fireEvent.click(screen.getByTestId('filter-clear'));
    await waitFor(() => expect(target('export-csv').query).toEqual({ keyword: '张三' }));
  });

  it('fetch the export with the bearer token and save it under the server’s file name', async () => {
    serveQueue();
    signIn();
    const seen: { url: string; authorization: string | null }[] = [];
    server.use(
      http.get('/api/v1/manage/orders/export.csv', ({ request }) => {
        seen.push({ url: request.url, authorization: request.headers.get('authorization') });
        return new HttpResponse('\uFEFForder_no,status\n20261126-0001,4\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders-20261127.csv"' },
        });
      }),
    );
    const saved: string[] = [];
    const objectUrl = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href.startsWith('blob:')) saved.push(this.download);
    });
    renderManage();
    const user = await chooseFilters();
    await waitFor(() => expect(target('export-csv').query.keyword).toBe('张三'));
    await user.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(saved).toEqual(['orders-20261127.csv']));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe('Bearer token-of-group-1');
    expect(new URL(seen[0]!.url).searchParams.get('status')).toBe('4,12');
  });

  it('read in German', async () => {
    serveQueue();
    signIn('de-DE');
    renderManage();
    await screen.findAllByTestId('orders-row');
    expect(screen.getByTestId('export-csv').textContent).toBe('CSV exportieren');
    expect(screen.getByTestId('export-xlsx').textContent).toBe('Excel exportieren');
  });
});

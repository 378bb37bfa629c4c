// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { statementEntryView } from '../../../src/domain/contract/funds.js';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { accepted, callsTo, serveApi } from '../support/api-server.js';
import { manageStatisticOf } from '../support/contract-fixtures.js';
import { freshStorage } from '../support/fresh-storage.js';
import { renderWithApp } from '../support/render-with-app.js';

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');

function signIn(group: number, locale?: string) {
  localStorage.setItem('access_token', 'token-of-group-' + group);
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Admin', email: 'admin@example.com', group }));
  if (locale) localStorage.setItem('locale', locale);
}

const entryOf = (ref: string, fields: Record<string, unknown> = {}) =>
  statementEntryView.parse({
    entry_ref: ref,
    statement_id: 'st-1',
    booking_date: '2026-11-25',
    amount_cny: '39000.00',
    payer_name: '张父',
    payer_account: '6222020200112233',
    postscript: '学费',
    state: 'unmatched',
    order_id: null,
    order_no: null,
    reason: 'no_order_number',
    imported_at: '2026-11-26T02:00:00.000Z',
    ...fields,
  });

/** 45 unmatched entries, 20 a page; the keyword narrows them to those whose reference holds it. */
function serveEntries(extra: Parameters<typeof serveApi>[0] = {}) {
  const all = Array.from({ length: 45 }, (_, index) => entryOf(`BK-${String(index + 1).padStart(3, '0')}`));
  serveApi({
    '/manage/statistic': () => manageStatisticOf(),
    '/manage/orders': () => ({ data: [], next_page_url: null }),
    '/manage/reconciliation/entries': (body) => {
      const matching = all.filter((entry) => entry.entry_ref.includes(typeof body.keyword === 'string' ? body.keyword : ''));
      const page = Number(body.page ?? 1);
      return { data: matching.slice((page - 1) * 20, page * 20), total: matching.length, page };
    },
    ...extra,
  });
}

async function openTab() {
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('tab-reconciliation'));
  return user;
}

describe('the reconciliation tab', () => {
  freshStorage();

  it('uploads a statement and shows what the import did', async () => {
    serveEntries({
      '/manage/reconciliation/statements': () => ({ statement_id: 'st-2', entries: 12, matched: 9, unmatched: 2, duplicates: 1 }),
    });
    signIn(1);
    const user = await openTab();
    const file = new File(['entry_ref,booking_date,amount_cny,payer_name,payer_account,postscript\n'], 'statement.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByTestId('statement-file'), file);
    await user.click(screen.getByTestId('statement-submit'));
    const result = await screen.findByTestId('import-result');
    expect(text(within(result).getByTestId('import-matched'))).toBe('9');
    expect(text(within(result).getByTestId('import-duplicates'))).toBe('1');
    expect(result.textContent).toContain('已自动匹配');
    expect(callsTo('/manage/reconciliation/statements')[0]!.body).toEqual({ file: 'statement.csv' });
  });

  it('lists the unmatched entries with why, searches and pages them', async () => {
    serveEntries();
    signIn(1);
    const user = await openTab();
    expect(await screen.findAllByTestId('statement-entry')).toHaveLength(20);
    expect(text(screen.getByTestId('entries-page'))).toBe('共 45 条 · 第 1 / 3 页');
    expect(screen.getAllByTestId('entry-why')[0]!.textContent).toBe('附言中没有订单号');
    await user.click(screen.getByTestId('entries-next'));
    await waitFor(() => expect(text(screen.getByTestId('entries-page'))).toBe('共 45 条 · 第 2 / 3 页'));
    await user.type(screen.getByTestId('entries-search'), 'BK-04');
    await waitFor(() => expect(screen.getAllByTestId('statement-entry')).toHaveLength(6));
    expect(text(screen.getByTestId('entries-page'))).toBe('共 6 条 · 第 1 / 1 页');
    expect(callsTo('/manage/reconciliation/entries').at(-1)!.body).toEqual({ state: 'unmatched', keyword: 'BK-04', page: 1 });
  });

  it('matches an entry to an order by hand and shows the approval message', async () => {
    serveEntries({ '/manage/reconciliation/assign': () => accepted({ approval_id: 'ap-7', message: '已提交审批' }) });
    signIn(1);
    const user = await openTab();
    const [first] = await screen.findAllByTestId('statement-entry');
    await user.click(within(first!).getByTestId('entry-match'));
    const dialog = await screen.findByTestId('match-dialog');
    expect(text(dialog)).toContain('将 CNY 39,000.00 匹配到订单');
    await user.click(within(dialog).getByTestId('entry-submit'));
    expect(within(dialog).getAllByText('请填写此项')).toHaveLength(2);
    await user.type(within(dialog).getByTestId('entry-order'), '20261120-0042');
    await user.type(within(dialog).getByTestId('entry-reason'), '客户来电提供回单');
    await user.click(within(dialog).getByTestId('entry-submit'));
    expect((await screen.findByTestId('entry-answer')).textContent).toBe('已提交审批');
    expect(callsTo('/manage/reconciliation/assign').map((call) => call.body)).toEqual([
      { entry_ref: 'BK-001', order_id: '20261120-0042', reason: '客户来电提供回单' },
    ]);
  });

  it('marks an entry returned with a reason, in English', async () => {
    serveEntries({ '/manage/reconciliation/return': () => ({ message: 'operation success' }) });
    signIn(1, 'en-US');
    const user = await openTab();
    const [first] = await screen.findAllByTestId('statement-entry');
    expect(within(first!).getByTestId('entry-why').textContent).toBe('No order number in the postscript');
    await user.click(within(first!).getByTestId('entry-return'));
    const dialog = await screen.findByTestId('return-dialog');
    expect(text(dialog)).toContain('Return CNY 39,000.00 to 张父');
    await user.type(within(dialog).getByTestId('entry-reason'), 'Sender asked for it back');
    await user.click(within(dialog).getByTestId('entry-submit'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('operation success');
    expect(callsTo('/manage/reconciliation/return').map((call) => call.body)).toEqual([
      { entry_ref: 'BK-001', reason: 'Sender asked for it back' },
    ]);
  });

  it('shows an auditor the entries without import or actions', async () => {
    serveEntries();
    signIn(2);
    await openTab();
    await screen.findAllByTestId('statement-entry');
    expect(screen.queryByTestId('statement-import')).toBeNull();
    expect(screen.queryByTestId('entry-match')).toBeNull();
  });
});

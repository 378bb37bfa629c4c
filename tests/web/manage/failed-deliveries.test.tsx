// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { callsTo, serveApi } from '../support/api-server.js';
import { manageStatisticOf } from '../support/contract-fixtures.js';
import { freshStorage } from '../support/fresh-storage.js';
import { renderWithApp } from '../support/render-with-app.js';

const failure = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  channel: 'email',
  kind: 'materials_requested',
  user_id: 7,
  order_no: '20261127-000042',
  attempts: 5,
  last_error: 'Error: 550 mailbox unavailable',
  failed_at: '2026-11-27T02:00:00.000Z',
  ...overrides,
});

function signIn(group: number, locale?: string) {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Admin', email: 'admin@example.com', group }));
  if (locale) localStorage.setItem('locale', locale);
}

async function openDeliveries() {
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('tab-deliveries'));
  return { user, tab: await screen.findByTestId('failed-deliveries') };
}

describe('the failed deliveries tab', () => {
  freshStorage();

  it('lists what was given up, newest first, with its reason, and loads older ones page by page', async () => {
    serveApi({
      '/manage/statistic': () => manageStatisticOf({}),
      '/manage/notifications/failed': (body) =>
        body['cursor'] === 'next-1'
          ? { items: [failure('1', { channel: 'wechat', order_no: null, last_error: null })], next_cursor: null }
          : { items: [failure('2')], next_cursor: 'next-1' },
    });
    signIn(2);
    const { user, tab } = await openDeliveries();
    const [first] = await within(tab).findAllByTestId('failed-deliveries-row');
    expect(first!.textContent).toContain('邮件');
    expect(first!.textContent).toContain('20261127-000042');
    expect(first!.textContent).toContain('550 mailbox unavailable');
    await user.click(within(tab).getByTestId('failed-deliveries-more'));
    const rows = await within(tab).findAllByTestId('failed-deliveries-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('微信');
    expect(within(tab).queryByTestId('failed-deliveries-more')).toBeNull();
    expect(callsTo('/manage/notifications/failed').map((call) => call.body)).toEqual([{}, { cursor: 'next-1' }]);
  });

  it('says so when nothing failed, in the reader’s language', async () => {
    serveApi({
      '/manage/statistic': () => manageStatisticOf({}),
      '/manage/notifications/failed': () => ({ items: [], next_cursor: null }),
    });
    signIn(1, 'en-US');
    const { tab } = await openDeliveries();
    expect((await within(tab).findByTestId('failed-deliveries-empty')).textContent).toBe('No failed deliveries');
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AuditHistoryEntry, AuditVerification } from '../../../src/domain/contract/audit.js';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { callsTo, fail, serveApi } from '../support/api-server.js';
import { manageStatisticOf, orderViewOf } from '../support/contract-fixtures.js';
import { renderWithApp } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';

const entry = (revision: number, type: string, from: number | null, to: number): AuditHistoryEntry => ({
  revision: String(revision),
  type,
  event_id: `e-${revision}`,
  occurred_at: `2026-11-2${revision}T08:00:00.000Z`,
  actor: { id: '2', role: 'payer', name: '张三丰' },
  status_before: from,
  status_after: to,
  changes: revision === 0 ? [{ field: 'amount', before: '0', after: '5000' }] : [],
  hash: 'a'.repeat(64),
});
const EVENTS = [entry(0, 'OrderCreated', null, 0), entry(1, 'OrderConfirmed', 0, 1), entry(2, 'PaymentMethodChosen', 1, 2)];
const INTACT: AuditVerification = {
  chain: { intact: true, broken_at: null, problem: null, unchained: 0 },
  checkpoint: { sequence: 3, taken_at: '2026-11-23T08:00:00.000Z', signature_valid: true, covers_revision: '2', matches: true },
  projection: { matches: true, fields: [] },
  files: { checked: 0, problems: [], erased: [] },
};
const asOf = (revision: string) => ({
  id: 'o-1',
  revision,
  occurred_at: `2026-11-2${revision}T08:00:00.000Z`,
  order: orderViewOf({
    id: 'o-1',
    status: Number(revision),
    amount: '5000',
    currency: 'EUR',
    cny_amount: revision === '0' ? null : '41000.00',
  }),
  display: null,
  offered: [{ type: 'OrderCancelled', roles: ['payer'] }],
  settable_statuses: [],
});

function serveAudit(verification: AuditVerification = INTACT) {
  return serveApi({
    '/manage/statistic': () => manageStatisticOf({ user: 1, order: 1, resource: 1 }),
    '/manage/orders': () => ({ data: [], next_page_url: null }),
    '/audit/order/history': (body) =>
      body.id === 'o-1' ? { id: 'o-1', events: EVENTS, verification } : fail(404, '订单不存在', {}, 'order_not_found'),
    '/audit/order/asOf': (body) => asOf(String(body.revision)),
    '/audit/settings/history': (body) =>
      body.stream === 'markups'
        ? {
            stream: 'settings-markups',
            events: [
              {
                ...entry(0, 'MarkupsChanged', null, 0),
                status_after: null,
                changes: [{ field: 'bit_eur', before: '0.01', after: '0.03' }],
              },
            ],
          }
        : fail(404, '没有该记录的历史', {}, 'audit_stream_not_found'),
  });
}

async function openAudit(id: string) {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ id: 9, name: 'Auditor', email: 'auditor@example.com', group: 2 }));
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('tab-audit'));
  await user.type(screen.getByTestId('audit-order-id'), id);
  await user.click(screen.getByTestId('audit-find'));
  return user;
}

describe('the audit tab', () => {
  freshStorage();

  it('shows an order’s timeline, the order at the newest revision, and the badges; picking an earlier event replays it', async () => {
    serveAudit();
    const user = await openAudit('o-1');
    expect(await screen.findAllByTestId('timeline-entry')).toHaveLength(3);
    await waitFor(() => expect(screen.getByTestId('as-of-order').getAttribute('data-revision')).toBe('2'));
    expect(screen.getByTestId('verification-chain').textContent).toBe('哈希链完整');
    expect(screen.getByTestId('verification-checkpoint').textContent).toContain('#3');
    await user.click(within(screen.getAllByTestId('timeline-entry')[0]!).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('as-of-order').getAttribute('data-revision')).toBe('0'));
    expect(callsTo('/audit/order/asOf').map((call) => call.body)).toEqual([
      { id: 'o-1', revision: '2' },
      { id: 'o-1', revision: '0' },
    ]);
    expect((await screen.findByTestId('settings-markups')).textContent).toContain('bit_eur: 0.01 → 0.03');
    expect(screen.getByTestId('settings-notice').textContent).toContain('尚无变更记录');
  });

  it('says where the chain broke and that the read table differs', async () => {
    serveAudit({
      ...INTACT,
      chain: { intact: false, broken_at: '1', problem: 'hash_mismatch', unchained: 0 },
      projection: { matches: false, fields: ['status'] },
    });
    await openAudit('o-1');
    await waitFor(() => expect(screen.getByTestId('verification-chain').getAttribute('data-tone')).toBe('bad'));
    expect(screen.getByTestId('verification-chain').textContent).toBe('哈希链在版本 1 处断裂（内容被改动）');
    expect(screen.getByTestId('verification-projection').textContent).toContain('status');
  });

  it('says that files were erased with the personal data, apart from the files that match', async () => {
    serveAudit({ ...INTACT, files: { checked: 1, problems: [], erased: ['f-1', 'f-2'] } });
    await openAudit('o-1');
    await waitFor(() =>
      expect(screen.getByTestId('verification-files-erased').textContent).toBe('2 个文件已随个人数据删除（哈希仍在记录中）'),
    );
    expect(screen.getByTestId('verification-files-erased').getAttribute('data-tone')).toBe('neutral');
    expect(screen.getByTestId('verification-files').getAttribute('data-tone')).toBe('good');
  });

  it('answers an unknown order with the server’s message', async () => {
    serveAudit();
    await openAudit('nope');
    expect(await screen.findByText('订单不存在')).toBeTruthy();
  });
});

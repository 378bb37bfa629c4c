// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ApprovalView } from '../../../src/domain/contract/manage.js';
import { formatDateTime } from '../../../src/web/lib/format.js';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { callsTo, fail, serveApi } from '../support/api-server.js';
import { renderWithApp } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';
import { manageStatisticOf } from '../support/contract-fixtures.js';

const ADMIN = { id: 1, name: 'Admin' };
const SECOND_ADMIN = { id: 7, name: 'Admin Two' };
const PROPOSED_AT = '2026-11-26T06:30:00.000Z';

const ibanProposal = (overrides: Partial<ApprovalView> = {}): ApprovalView => ({
  id: '5b0c1e0e-0000-4000-8000-000000000001',
  kind: 'institution',
  state: 'pending',
  target: { id: 996, label: '柏林夏里特医院' },
  changes: [
    { field: 'account_no', before: 'DE89370400440532013000', after: 'GB82WEST12345698765432' },
    { field: 'preset_account', before: 'false', after: 'true' },
  ],
  proposed_by: SECOND_ADMIN,
  proposed_at: PROPOSED_AT,
  decided_by: null,
  decided_at: null,
  reason: null,
  ...overrides,
});
const ownMarkupProposal: ApprovalView = {
  id: '5b0c1e0e-0000-4000-8000-000000000002',
  kind: 'markups',
  state: 'pending',
  target: { id: null, label: '' },
  changes: [{ field: 'bit_eur', before: '0.01', after: '0.03' }],
  proposed_by: ADMIN,
  proposed_at: PROPOSED_AT,
  decided_by: null,
  decided_at: null,
  reason: null,
};
const roleProposal: ApprovalView = {
  id: '5b0c1e0e-0000-4000-8000-000000000003',
  kind: 'user_group',
  state: 'rejected',
  target: { id: 12, label: 'Wang Wu' },
  changes: [{ field: 'group', before: '0', after: '1' }],
  proposed_by: SECOND_ADMIN,
  proposed_at: PROPOSED_AT,
  decided_by: ADMIN,
  decided_at: '2026-11-26T07:00:00.000Z',
  reason: '没有书面申请',
};

/** A back office whose approvals live in memory: approving or rejecting moves a proposal out of the pending list. */
function serveApprovals(overrides: Parameters<typeof serveApi>[0] = {}) {
  const approvals: ApprovalView[] = [ibanProposal(), ownMarkupProposal, roleProposal];
  const decide = (id: unknown, state: ApprovalView['state'], reason: string | null) => {
    const index = approvals.findIndex((approval) => approval.id === id);
    approvals[index] = { ...approvals[index]!, state, decided_by: ADMIN, decided_at: '2026-11-26T08:00:00.000Z', reason };
  };
  return serveApi({
    '/manage/statistic': () =>
      manageStatisticOf({
        user: 3,
        resource: 5,
        approvals_pending: approvals.filter((approval) => approval.state === 'pending').length,
      }),
    '/manage/orders': () => ({ data: [], next_page_url: null }),
    '/manage/approvals': (body) => approvals.filter((approval) => approval.state === body.state),
    '/manage/approvals/approve': (body) => (decide(body.id, 'approved', null), { message: '已生效' }),
    '/manage/approvals/reject': (body) => (decide(body.id, 'rejected', String(body.reason)), { message: '已驳回' }),
    ...overrides,
  });
}

function signIn(group: number, locale?: string) {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ ...ADMIN, email: 'admin@example.com', group }));
  if (locale) localStorage.setItem('locale', locale);
}

async function openApprovals() {
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('tab-approvals'));
  await screen.findByTestId('approvals');
  return user;
}

const cardOf = async (text: string) => (await screen.findAllByTestId('approval')).find((card) => card.textContent?.includes(text))!;

describe('the approvals tab', () => {
  freshStorage();

  it('shows the pending count on the tab and each proposal with its fields before → after, who proposed it and when', async () => {
    serveApprovals();
    signIn(1);
    await openApprovals();
    await waitFor(() => expect(screen.getByTestId('approvals-badge').textContent).toBe('2'));
    expect(screen.getByRole('tab', { name: /^审批\s*2 项待审批$/ })).toBe(screen.getByTestId('tab-approvals'));
    const iban = await cardOf('柏林夏里特医院');
    expect(within(iban).getByRole('heading').textContent).toBe('收款机构账户：柏林夏里特医院');
    const [accountNo, preset] = within(iban).getAllByTestId('approval-change');
    expect(accountNo!.textContent).toBe('账号 / IBANDE89370400440532013000→GB82WEST12345698765432');
    expect(preset!.textContent).toBe('固定收款账户（第 2 步使用这些信息）否→是');
    expect(within(iban).getByTestId('approval-proposed').textContent).toBe(`Admin Two 于 ${formatDateTime(PROPOSED_AT, 'zh-CN')} 提交`);
    const markups = await cardOf('汇率加价');
    expect(within(markups).getByTestId('approval-change').textContent).toBe('EUR0.01→0.03');
  });

  it("an admin's own proposal cannot be approved: the button is disabled and says a second admin must", async () => {
    serveApprovals();
    signIn(1);
    await openApprovals();
    const own = await cardOf('汇率加价');
    expect((within(own).getByTestId('approval-approve') as HTMLButtonElement).disabled).toBe(true);
    expect(within(own).getByTestId('approval-own').textContent).toBe('这是您提交的变更，需由另一位管理员批准。');
    expect((within(own).getByTestId('approval-reject') as HTMLButtonElement).disabled).toBe(false);
    const other = await cardOf('柏林夏里特医院');
    expect((within(other).getByTestId('approval-approve') as HTMLButtonElement).disabled).toBe(false);
    expect(within(other).queryByTestId('approval-own')).toBeNull();
  });

  it("approves another admin's proposal after a confirmation; the list and the count follow", async () => {
    serveApprovals();
    signIn(1);
    const user = await openApprovals();
    await user.click(within(await cardOf('柏林夏里特医院')).getByTestId('approval-approve'));
    const dialog = await screen.findByTestId('approve-dialog');
    expect(dialog.textContent).toContain('批准后“柏林夏里特医院”的变更立即生效。');
    expect(callsTo('/manage/approvals/approve')).toEqual([]);
    await user.click(within(dialog).getByTestId('approve-confirm'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('已生效');
    expect(callsTo('/manage/approvals/approve').map((call) => call.body)).toEqual([{ id: ibanProposal().id }]);
    await waitFor(() => expect(screen.getAllByTestId('approval')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('approvals-badge').textContent).toBe('1'));
    await user.click(screen.getByTestId('approvals-state-approved'));
    const approved = await cardOf('柏林夏里特医院');
    expect(within(approved).getByTestId('approval-decided').textContent).toBe(
      `Admin 于 ${formatDateTime('2026-11-26T08:00:00.000Z', 'zh-CN')} 批准`,
    );
    expect(within(approved).queryByTestId('approval-approve')).toBeNull();
  });

  it('rejecting asks for a reason first, then sends it; the rejected list shows who, when and why', async () => {
    serveApprovals();
    signIn(1);
    const user = await openApprovals();
    await user.click(within(await cardOf('柏林夏里特医院')).getByTestId('approval-reject'));
    const dialog = await screen.findByTestId('reject-dialog');
    await user.click(within(dialog).getByTestId('reject-submit'));
    expect(await within(dialog).findByText('此项为必填项')).toBeTruthy();
    expect(callsTo('/manage/approvals/reject')).toEqual([]);
    await user.type(within(dialog).getByLabelText('驳回理由'), '收款人未核实');
    await user.click(within(dialog).getByTestId('reject-submit'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('已驳回');
    expect(callsTo('/manage/approvals/reject').map((call) => call.body)).toEqual([{ id: ibanProposal().id, reason: '收款人未核实' }]);
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull());
    await user.click(screen.getByTestId('approvals-state-rejected'));
    await waitFor(() => expect(screen.getAllByTestId('approval')).toHaveLength(2));
    const rejected = await cardOf('柏林夏里特医院');
    expect(within(rejected).getByTestId('approval-reason').textContent).toBe('驳回理由：收款人未核实');
    const role = await cardOf('Wang Wu');
    expect(within(role).getByTestId('approval-change').textContent).toBe('角色付款人→管理员');
    expect(within(role).getByTestId('approval-decided').textContent).toContain('Admin 于');
  });

  it("shows the server's refusal as the 'hint' warning", async () => {
    serveApprovals({ '/manage/approvals/approve': () => fail(409, '提交审批后数据已被修改，请驳回并重新提交', {}, 'approval_stale') });
    signIn(1);
    const user = await openApprovals();
    await user.click(within(await cardOf('柏林夏里特医院')).getByTestId('approval-approve'));
    await user.click(await screen.findByTestId('approve-confirm'));
    const hint = await screen.findByTestId('toast-hint');
    expect(hint.textContent).toContain('提交审批后数据已被修改，请驳回并重新提交');
    expect(screen.getAllByTestId('approval')).toHaveLength(2);
  });

  it('an auditor reads the proposals and gets no buttons', async () => {
    serveApprovals();
    signIn(2);
    await openApprovals();
    expect(await screen.findAllByTestId('approval')).toHaveLength(2);
    expect(screen.queryByTestId('approval-approve')).toBeNull();
    expect(screen.queryByTestId('approval-reject')).toBeNull();
  });

  it('speaks English and German, field names included', async () => {
    serveApprovals();
    signIn(1, 'en-US');
    await openApprovals();
    expect(screen.getByTestId('tab-approvals').textContent).toMatch(/^Approvals/);
    const iban = await cardOf('柏林夏里特医院');
    expect(within(iban).getAllByTestId('approval-change')[0]!.textContent).toContain('Account no. / IBAN');
    expect(within(await cardOf('EUR')).getByTestId('approval-own').textContent).toBe(
      'You proposed this change; a second admin must approve it.',
    );
    cleanup();
    signIn(1, 'de-DE');
    await openApprovals();
    expect(screen.getByTestId('tab-approvals').textContent).toMatch(/^Freigaben/);
    expect(within(await cardOf('柏林夏里特医院')).getAllByTestId('approval-change')[0]!.textContent).toContain('Kontonummer / IBAN');
    expect(screen.getByTestId('approvals-state-pending').textContent).toBe('Offen');
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ManagePage from '../../../src/web/features/manage/manage-page.js';
import { accepted, callsTo, serveApi, type Resolver } from '../support/api-server.js';
import { manageStatisticOf } from '../support/contract-fixtures.js';
import { renderWithApp } from '../support/render-with-app.js';
import { MARKUPS } from '../../domain/support.js';
import { freshStorage } from '../support/fresh-storage.js';

/**
 * Four eyes (DESIGN.md section 12): a payee account, a markup or a role grant answers 202 with a
 * proposal. The screens say the server's '已提交审批', keep showing what is in force, and read the
 * lists and the pending count again.
 */

const CHARITE = {
  id: 996,
  name: '柏林夏里特医院',
  name_en: 'Charité – Universitätsmedizin Berlin',
  code: 'CHARITE',
  currency: 'EUR',
  country: 'Germany',
  account_no: 'DE89370400440532013000',
  account_name: 'Charité – Universitätsmedizin Berlin',
  account_address: 'Charitéplatz 1, 10117 Berlin',
  account_bank: 'Commerzbank',
  swift: 'COBADEFFXXX',
  transit_code: '',
  bank_branches: '',
  preset_account: true,
  updated_at: '2026-11-01T00:00:00.000Z',
};
const PAYER = { id: 5, name: '张三丰', email: 'payer@example.com', group: 0, unionid: null, created_at: '2026-11-01T00:00:00.000Z' };
const PROPOSAL = { approval_id: '5b0c1e0e-0000-4000-8000-000000000001', message: '已提交审批' };

/** The back office with nothing ever changing (a proposal changes nothing), and counts that say how often each list was read. */
function serveBackOffice(changes: Record<string, Resolver>) {
  let pending = 0;
  const propose: Resolver = () => ((pending += 1), accepted(PROPOSAL));
  return serveApi({
    '/manage/statistic': () => manageStatisticOf({ user: 1, resource: 1, approvals_pending: pending }),
    '/manage/orders': () => ({ data: [], next_page_url: null }),
    '/manage/resources': () => ({ data: [CHARITE], next_page_url: null }),
    '/manage/users': () => ({ data: [PAYER], next_page_url: null }),
    '/manage/config/findBit': () => MARKUPS,
    ...Object.fromEntries(Object.entries(changes).map(([path, resolve]) => [path, resolve === PROPOSE ? propose : resolve])),
  });
}
const PROPOSE: Resolver = () => undefined;

async function openTab(tab: string) {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Admin', email: 'admin@example.com', group: 1 }));
  renderWithApp(createMemoryRouter([{ path: '/manage', element: <ManagePage /> }], { initialEntries: ['/manage'] }));
  const user = userEvent.setup();
  await user.click(await screen.findByTestId(`tab-${tab}`));
  return user;
}

describe('a change that needs a second admin', () => {
  freshStorage();

  it("the payee dialog says '已提交审批', the list keeps the account in force, and the count shows the proposal", async () => {
    serveBackOffice({ '/manage/updateResource': PROPOSE });
    const user = await openTab('resources');
    await user.click(await screen.findByTestId('resource-edit'));
    const dialog = await screen.findByTestId('resource-dialog');
    const iban = within(dialog).getByLabelText('账号 / IBAN');
    await user.clear(iban);
    await user.type(iban, 'GB82WEST12345698765432');
    const listReads = callsTo('/manage/resources').length;
    await user.click(within(dialog).getByTestId('resource-save'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('已提交审批');
    expect(screen.queryByText('机构已保存')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('resource-dialog')).toBeNull());
    expect(callsTo('/manage/updateResource')[0]!.body).toMatchObject({ record: { id: 996, account_no: 'GB82WEST12345698765432' } });
    await waitFor(() => expect(callsTo('/manage/resources').length).toBeGreaterThan(listReads));
    await waitFor(() => expect(screen.getByTestId('approvals-badge').textContent).toBe('1'));
    await user.click(screen.getByTestId('resource-edit'));
    expect((within(await screen.findByTestId('resource-dialog')).getByLabelText('账号 / IBAN') as HTMLInputElement).value).toBe(
      'DE89370400440532013000',
    );
  });

  it("an edit the server applies at once says '机构已保存'", async () => {
    serveBackOffice({ '/manage/updateResource': (body) => ({ ...CHARITE, ...(body.record as object) }) });
    const user = await openTab('resources');
    await user.click(await screen.findByTestId('resource-edit'));
    const dialog = await screen.findByTestId('resource-dialog');
    await user.type(within(dialog).getByLabelText('英文名称'), ' Mitte');
    await user.click(within(dialog).getByTestId('resource-save'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('机构已保存');
  });

  it("the markup tab says '已提交审批' and shows the markups in force again", async () => {
    serveBackOffice({ '/manage/config/updateBit': PROPOSE });
    const user = await openTab('markup');
    const eur = (await screen.findByLabelText('EUR')) as HTMLInputElement;
    await user.clear(eur);
    await user.type(eur, '0.05');
    await user.click(screen.getByTestId('markup-save'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('已提交审批');
    expect(callsTo('/manage/config/updateBit')[0]!.body).toMatchObject({ bit_eur: '0.05' });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('EUR').value).toBe('0.01'));
    await waitFor(() => expect(screen.getByTestId('approvals-badge').textContent).toBe('1'));
  });

  it("a role grant says '已提交审批' and the role control shows the role in force; taking a role away says 'set success'", async () => {
    let granted = false;
    serveBackOffice({
      '/manage/updateUser': (body) => (body.group === 1 ? ((granted = true), accepted(PROPOSAL)) : { ...PAYER, group: body.group }),
    });
    const user = await openTab('users');
    const role = (await screen.findByTestId('user-group')) as HTMLSelectElement;
    await user.selectOptions(role, '1');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('已提交审批');
    expect(granted).toBe(true);
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>('user-group').value).toBe('0'));
    expect(callsTo('/manage/updateUser').map((call) => call.body)).toEqual([{ id: 5, group: 1 }]);
    await user.selectOptions(screen.getByTestId('user-group'), '3');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast-success')
          .map((toast) => toast.textContent)
          .join(),
      ).toContain('set success'),
    );
  });
});

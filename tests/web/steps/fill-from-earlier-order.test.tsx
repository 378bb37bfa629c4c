// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/domain/contract/order.js';
import type { OrderTemplate } from '../../../src/domain/contract/order-templates.js';
import { callsTo, serveApi } from '../support/api-server.js';
import { findResourceStub, makeOrder, pressAndLand, renderAt } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

const ACCOUNT = {
  accept_account_name: 'Technische Universität München',
  accept_account_no: 'DE10700500000000024866',
  accept_bank: 'Bayerische Landesbank',
  accept_address: 'Arcisstraße 21, München',
  accept_swift: 'BYLADEMM',
  transit_code: '',
  bank_branches: '',
};
const PAYER = {
  student_last_name: '李',
  student_first_name: '四光',
  student_last_name_pinyin: 'Li',
  student_first_name_pinyin: 'Siguang',
  student_email: 'li@example.com',
  student_idcode: '110101199003071234',
  payer_relation: '父母',
  payer_last_name: '李',
  payer_first_name: '大山',
  payer_code: '+852',
  payer_phone: '91234567',
  payer_idcode: '110101196001011234',
};
const template = (overrides: Partial<OrderTemplate>): OrderTemplate => ({
  id: 'earlier',
  order_no: '20260201-000007',
  resource_name: '慕尼黑工业大学',
  resource_name_en: 'Technical University of Munich',
  created_at: '2026-02-01T08:00:00.000Z',
  account: ACCOUNT,
  payer: PAYER,
  ...overrides,
});

function api(order: OrderView, templates: OrderTemplate[]) {
  return serveApi({
    '/step/order/find': () => order,
    '/public/findResource': findResourceStub,
    '/step/order/templates': () => templates,
    '/step/accept/update': (body) => ({ id: String(body.id) }),
    '/step/send/update': (body) => ({ id: String(body.id) }),
  });
}

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const picker = () => screen.findByLabelText<HTMLSelectElement>('从以往订单填写');

describe('filling steps 2 and 3 from an earlier order', () => {
  signedInPayer();

  it('fills step 2 from the chosen order, lets the payer edit, and saves only on Next', async () => {
    api(makeOrder({ resource: '1004' }), [template({ id: 'other', order_no: '20260301-000002', account: null }), template({})]);
    const user = userEvent.setup();
    const { router } = renderAt('/step/accept/o1');
    // Only orders that offer an account are listed for step 2.
    const select = await picker();
    expect(Array.from(select.options).map((option) => option.value)).toEqual(['', 'earlier']);
    expect(select.options[1]!.textContent).toContain('20260201-000007 · 慕尼黑工业大学');

    await user.selectOptions(select, 'earlier');
    expect(input(/IBAN 账号/).value).toBe('DE10700500000000024866');
    expect(input(/收款人户名/).value).toBe('Technische Universität München');
    expect(input(/SWIFT\/BIC/).value).toBe('BYLADEMM');
    expect(screen.getByRole('status').textContent).toContain('已按订单 20260201-000007 填写');
    expect(callsTo('/step/accept/update')).toHaveLength(0);

    await user.clear(input(/收款银行/));
    await user.type(input(/收款银行/), 'BayernLB');
    const saved = await pressAndLand(user, router, screen.getByRole('button', { name: '下一步' }), '/step/send/o1', '/step/accept/update');
    expect(saved).toMatchObject({
      id: 'o1',
      accept_account_no: 'DE10700500000000024866',
      accept_bank: 'BayernLB',
      accept_swift: 'BYLADEMM',
    });
  });

  it('offers step 2 nothing for a preset institution, and nothing when there is no earlier order', async () => {
    api(makeOrder({ resource: '996' }), [template({})]);
    renderAt('/step/accept/o1');
    expect(await screen.findByTestId('preset-note')).toBeTruthy();
    expect(screen.queryByTestId('prefill')).toBeNull();
    expect(callsTo('/step/order/templates')).toHaveLength(0);
  });

  it('fills step 3 with the patient and payer, keeps this order’s reference, and saves on Next', async () => {
    api(makeOrder({ accept_reference: 'INV-9', accept_remittance: 'Semester fee' }), [template({ account: null })]);
    const user = userEvent.setup();
    const { router } = renderAt('/step/send/o1');
    await user.selectOptions(await picker(), 'earlier');
    expect(input(/姓（中文）/).value).toBe('李');
    expect(input(/名（拼音）/).value).toBe('Siguang');
    expect(screen.getByLabelText<HTMLSelectElement>('付款人与患者关系').value).toBe('父母');
    expect(input(/付款人名/).value).toBe('大山');
    expect(input(/国家区号/).value).toBe('+852');
    expect(callsTo('/step/send/update')).toHaveLength(0);

    const saved = await pressAndLand(user, router, screen.getByRole('button', { name: '下一步' }), '/step/check/o1', '/step/send/update');
    expect(saved).toMatchObject({
      id: 'o1',
      student_last_name: '李',
      student_email: 'li@example.com',
      payer_relation: '父母',
      payer_idcode: '110101196001011234',
      payer_phone: '91234567',
      accept_reference: 'INV-9',
      accept_remittance: 'Semester fee',
    });
  });

  it('shows no picker when reading the templates fails, and says nothing about it', async () => {
    serveApi({ '/step/order/find': () => makeOrder() });
    renderAt('/step/send/o1');
    expect(await screen.findByRole('heading', { name: '填写付款所需信息' })).toBeTruthy();
    await waitFor(() => expect(callsTo('/step/order/templates')).toHaveLength(1));
    expect(screen.queryByTestId('prefill')).toBeNull();
    expect(screen.queryByTestId('toast-error')).toBeNull();
  });

  it('speaks English and German', async () => {
    localStorage.setItem('locale', 'de-DE');
    api(makeOrder(), [template({})]);
    renderAt('/step/send/o1');
    expect(await screen.findByLabelText('Aus einer früheren Bestellung ausfüllen')).toBeTruthy();
  });
});

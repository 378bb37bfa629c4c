import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, useParams, type RouteObject } from 'react-router-dom';
import { expect } from 'vitest';
import type { OrderView } from '../../../src/domain/contract/order.js';
import { FILLED_IN_FIELDS } from '../../../src/domain/order/order-fields.js';
import type { PublicInstitution } from '../../../src/domain/contract/public.js';
import OrdersPage from '../../../src/web/features/orders/orders-page.js';
import AcceptPage from '../../../src/web/features/steps/accept-page.js';
import AmountPage from '../../../src/web/features/steps/amount-page.js';
import CheckPage from '../../../src/web/features/steps/check-page.js';
import PayPage from '../../../src/web/features/steps/pay-page.js';
import SendPage from '../../../src/web/features/steps/send-page.js';
import { callsTo, fail, type Resolver } from '../support/api-server.js';
import { renderWithApp } from '../support/render-with-app.js';

/** Institutions as /public/findResource gives them (code and updated_at are not read by the pages). */
const institution = (fields: Omit<PublicInstitution, 'code' | 'updated_at'>): PublicInstitution => ({
  code: `R${fields.id}`,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

export const RESOURCES: Record<string, PublicInstitution> = {
  '996': institution({
    id: 996,
    name: '柏林夏里特医院',
    name_en: 'Charité – Universitätsmedizin Berlin',
    currency: 'EUR',
    country: 'Germany',
    preset_account: true,
    account_name: 'Charité – Universitätsmedizin Berlin',
    account_no: 'DE89370400440532013000',
    account_bank: 'Deutsche Bank AG',
    account_address: 'Charitéplatz 1, 10117 Berlin, Germany',
    swift: 'DEUTDEBBXXX',
  }),
  '1001': institution({
    id: 1001,
    name: '梅奥诊所',
    name_en: 'Mayo Clinic',
    currency: 'USD',
    country: 'United States',
    preset_account: false,
  }),
  '1002': institution({
    id: 1002,
    name: '悉尼大学',
    name_en: 'The University of Sydney',
    currency: 'AUD',
    country: 'Australia',
    preset_account: true,
    account_name: 'The University of Sydney',
    account_no: '12345678',
    account_bank: 'Commonwealth Bank of Australia',
    account_address: 'Camperdown NSW 2006, Australia',
    swift: 'CTBAAU2S',
    transit_code: '062000',
    bank_branches: '',
  }),
  '1003': institution({
    id: 1003,
    name: '庆应义塾大学医院',
    name_en: 'Keio University Hospital',
    currency: 'JPY',
    country: 'Japan',
    preset_account: false,
  }),
  '1004': institution({
    id: 1004,
    name: '慕尼黑工业大学',
    name_en: 'Technical University of Munich',
    currency: 'EUR',
    country: 'Germany',
    preset_account: false,
  }),
  '1005': institution({
    id: 1005,
    name: '多伦多综合医院',
    name_en: 'Toronto General Hospital',
    currency: 'USD',
    country: 'Canada',
    preset_account: false,
  }),
  '1006': institution({
    id: 1006,
    name: '墨尔本皇家医院',
    name_en: 'Royal Melbourne Hospital',
    currency: 'AUD',
    country: 'Australia',
    preset_account: false,
  }),
};

export const findResourceStub: Resolver = (body) => RESOURCES[String(body.id)] ?? fail(404, '收款机构不存在', {}, 'resource_not_found');

/** Every field a payer fills in, not filled in yet. */
const EMPTY_FILLED_IN = Object.fromEntries(FILLED_IN_FIELDS.map((field) => [field, ''])) as Record<
  (typeof FILLED_IN_FIELDS)[number],
  string
>;

/** An order as /step/order/find gives it; a draft (status 0) with nothing filled in by default. */
export function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  const resource = RESOURCES[overrides.resource ?? '1004']!;
  return {
    id: 'o1',
    order_no: '20260301-000001',
    status: 0,
    amount: '3500',
    currency: resource.currency,
    cny_amount: null,
    reserved_amount_rate: null,
    deadline_date: null,
    created_at: '2026-03-01T08:00:00.000Z',
    resource: String(resource.id),
    resource_name: resource.name,
    resource_name_en: resource.name_en,
    user: { id: 7, email: 'payer@example.com' },
    bank: null,
    zl_order: null,
    active_upload_document: false,
    upload_document_token: null,
    jsfile: [],
    ...EMPTY_FILLED_IN,
    reserve_name: '',
    reserve_bank: '',
    reserve_account_no: '',
    reserve_postscript: '',
    paid_cny: '0.00',
    overpaid_cny: '0.00',
    outstanding_cny: overrides.cny_amount ?? '0.00',
    materials_note: '',
    ...overrides,
  };
}

function Landed({ name }: { name: string }) {
  const { id } = useParams();
  return <div data-testid="landed">{`${name}${id ? ` ${id}` : ''}`}</div>;
}

const ROUTES: RouteObject[] = [
  { path: '/', element: <Landed name="home" /> },
  { path: '/step/amount/:id?', element: <AmountPage /> },
  { path: '/step/accept/:id?', element: <AcceptPage /> },
  { path: '/step/send/:id?', element: <SendPage /> },
  { path: '/step/check/:id?', element: <CheckPage /> },
  { path: '/step/pay/:id?', element: <PayPage /> },
  { path: '/order/:id', element: <Landed name="order" /> },
  { path: '/orders', element: <OrdersPage /> },
];

/** Renders the app's step and order-list screens at `path` in a memory router. */
export function renderAt(path: string) {
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  return { router, ...renderWithApp(router) };
}

/** Presses `button`, waits until the app is at `to`, and answers the body of the first call to `saved`. */
export async function pressAndLand(
  user: UserEvent,
  router: ReturnType<typeof createMemoryRouter>,
  button: HTMLElement,
  to: string,
  saved: string,
): Promise<unknown> {
  await user.click(button);
  await waitFor(() => expect(router.state.location.pathname).toBe(to));
  return callsTo(saved)[0]?.body;
}

export const signIn = () => {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: '张三', email: 'payer@example.com', group: 0 }));
};

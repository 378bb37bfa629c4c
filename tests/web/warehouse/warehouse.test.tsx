// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { InboundDetail, StockGoodsRow } from '../../../src/domain/contract/warehouse.js';
import BoxPage from '../../../src/web/features/warehouse/box-page.js';
import InboundPage from '../../../src/web/features/warehouse/inbound-page.js';
import WaybillPage from '../../../src/web/features/warehouse/waybill-page.js';
import StocksPage from '../../../src/web/features/warehouse/stocks-page.js';
import { callsTo, fail, serveApi } from '../support/api-server.js';
import { renderWithApp } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';

const goods = (id: number, overrides: Partial<StockGoodsRow> = {}): StockGoodsRow => ({
  id,
  code: `G-${id}`,
  type: 'X200',
  sku: 'SKU-1',
  box_count: 4,
  count: 25,
  total: 100,
  shipped: 30,
  stock: 70,
  ware_in: { id: 1, code: 'RK20261124-000001' },
  user: { name: 'Staff' },
  created_at: '2026-11-24T08:00:00.000Z',
  ...overrides,
});
const RECORD = {
  id: 1,
  code: 'RK20261124-000001',
  type: 3,
  waybill_id: 'SF1',
  client_code: 'C-1',
  client_code2: '',
  client_code3: '',
  package: '包裹',
  quantity: 3,
  weight: '12.500',
  desc: '',
  remark: '',
  status: 1,
  goods_count: 100,
  difference: 97,
  stock: 70,
  user: { name: 'Staff' },
  created_at: '2026-11-24T08:00:00.000Z',
};

function signIn(group: number) {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('user', JSON.stringify({ id: 5, name: 'Staff', email: 'staff@example.com', group }));
}

describe('the warehouse screens', () => {
  freshStorage();

  it('show the statistics in pieces and the goods as N 箱 M 件，共 T 件, with the in-stock tab asking for stock 1', async () => {
    serveApi({
      '/warehouse/stocks/statistic': () => ({ in_goods_number: 100, out_goods_number: 30, stock_goods_number: 70 }),
      '/warehouse/stocks/find_goods': () => ({ data: [goods(7)], next_page_url: null }),
      '/warehouse/stocks/find_out_goods': () => ({ data: [], next_page_url: null }),
    });
    signIn(3);
    renderWithApp(createMemoryRouter([{ path: '/stocks', element: <StocksPage /> }], { initialEntries: ['/stocks'] }));
    await waitFor(() => expect(screen.getByTestId('stat-stock').textContent).toBe('70 件'));
    expect(screen.getByTestId('breadcrumb').textContent).toContain('仓库管理/库存管理');
    expect(await screen.findByText('4 箱 25 件，共 100 件')).toBeTruthy();
    expect(screen.getByTestId('open-inbound').getAttribute('href')).toBe('/warehouse/in/1');
    expect(screen.getByTestId('open-inbound').getAttribute('target')).toBe('_blank');
    await userEvent.setup().click(screen.getByTestId('tab-inStock'));
    await waitFor(() => expect(callsTo('/warehouse/stocks/find_goods').map((call) => call.body)).toContainEqual({ stock: 1, keyword: '' }));
  });

  it('keeps the ship dialog open with the server’s refusal on the field and an error toast', async () => {
    const detail: InboundDetail = { record: RECORD, goods: [goods(7)], shipments: [] };
    serveApi({
      '/warehouse/in/find': () => detail,
      '/warehouse/out/create': () =>
        fail(409, '库存不足：当前库存 70 件', { quantity: ['库存不足：当前库存 70 件'] }, 'stock_insufficient'),
    });
    signIn(3);
    renderWithApp(createMemoryRouter([{ path: '/warehouse/in/:id', element: <InboundPage /> }], { initialEntries: ['/warehouse/in/1'] }));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('ship-open'));
    const dialog = await screen.findByTestId('ship');
    expect(dialog.textContent).toContain('当前库存 70 件');
    await user.type(within(dialog).getByTestId('ship-quantity'), '71');
    await user.type(within(dialog).getByTestId('ship-deliver_type'), '快递');
    await user.type(within(dialog).getByTestId('ship-weight'), '0.5');
    await user.click(within(dialog).getByTestId('ship-submit'));
    // What the domain's schema made of the form: the same payload the server checks again.
    await waitFor(() =>
      expect(callsTo('/warehouse/out/create').map((call) => call.body)).toEqual([
        { goods_id: 7, quantity: 71, deliver_type: '快递', tray_quantity: 0, weight: '0.5', client_code: 'C-1', desc: '', remark: '' },
      ]),
    );
    expect((await screen.findAllByText('库存不足：当前库存 70 件')).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('ship')).toBeTruthy();
  });

  it('offers auditors no changes', async () => {
    serveApi({ '/warehouse/in/find': () => ({ record: RECORD, goods: [goods(7)], shipments: [] }) });
    signIn(2);
    renderWithApp(createMemoryRouter([{ path: '/warehouse/in/:id', element: <InboundPage /> }], { initialEntries: ['/warehouse/in/1'] }));
    expect(await screen.findByText('4 箱 25 件，共 100 件')).toBeTruthy();
    expect(screen.queryByTestId('receive-open')).toBeNull();
    expect(screen.queryByTestId('ship-open')).toBeNull();
  });

  it('asks the inbound list again for the status, year and month chosen', async () => {
    serveApi({
      '/warehouse/stocks/statistic': () => ({ in_goods_number: 0, out_goods_number: 0, stock_goods_number: 0 }),
      '/warehouse/stocks/find_goods': () => ({ data: [], next_page_url: null }),
      '/warehouse/in': () => [RECORD],
    });
    signIn(3);
    renderWithApp(createMemoryRouter([{ path: '/stocks', element: <StocksPage /> }], { initialEntries: ['/stocks'] }));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('tab-inbound'));
    expect(await screen.findByTestId('inbound-row')).toBeTruthy();
    const year = Number((screen.getByTestId('inbound-year') as HTMLSelectElement).value);
    await user.selectOptions(screen.getByTestId('inbound-status'), '0');
    await user.selectOptions(screen.getByTestId('inbound-year'), String(year - 1));
    await user.selectOptions(screen.getByTestId('inbound-month'), '2');
    await waitFor(() =>
      expect(callsTo('/warehouse/in').map((call) => call.body)).toContainEqual({
        keyword: '',
        status: 0,
        year: year - 1,
        month: 2,
        type: [3, 4],
      }),
    );
    await user.selectOptions(screen.getByTestId('inbound-status'), '');
    await waitFor(() =>
      expect(callsTo('/warehouse/in').map((call) => call.body)).toContainEqual({
        keyword: '',
        status: null,
        year: year - 1,
        month: 2,
        type: [3, 4],
      }),
    );
  });

  it('titles the packing list and the waybill by their record once it is read', async () => {
    serveApi({
      '/warehouse/box/find': () => ({ record: RECORD, boxes: [goods(7)], box_count: 4, pieces: 100, stock: 70 }),
      '/logistics/waybill/find': () => ({ waybill_id: 'SF1', records: [RECORD], pieces: 100, weight: '12.500' }),
    });
    signIn(3);
    const router = createMemoryRouter(
      [
        { path: '/warehouse/box/:id', element: <BoxPage /> },
        { path: '/logistics/waybill/:id', element: <WaybillPage /> },
      ],
      { initialEntries: ['/warehouse/box/1'] },
    );
    renderWithApp(router);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('箱单 RK20261124-000001');
    expect(screen.getByTestId('box-totals').textContent).toBe('共 4 箱，100 件，库存 70 件');
    expect(callsTo('/warehouse/box/find').map((call) => call.body)).toEqual([{ id: '1' }]);
    await router.navigate('/logistics/waybill/1');
    expect((await screen.findByRole('heading', { level: 1, name: '运单 SF1' })).textContent).toBe('运单 SF1');
    expect(screen.getByTestId('waybill-totals').textContent).toBe('1 张入库单，100 件，12.500 千克');
  });

  it('marks a record whose received pieces differ from the declared ones, in the list and on the detail, in the reader’s language', async () => {
    const short = { ...RECORD, id: 2, package: '托盘', quantity: 10, goods_count: 7, difference: -3 };
    const even = { ...RECORD, id: 3, package: '自定义', quantity: 7, goods_count: 7, difference: 0 };
    serveApi({
      '/warehouse/stocks/statistic': () => ({ in_goods_number: 0, out_goods_number: 0, stock_goods_number: 0 }),
      '/warehouse/stocks/find_goods': () => ({ data: [], next_page_url: null }),
      '/warehouse/in': () => [short, even],
      '/warehouse/in/find': () => ({ record: short, goods: [], shipments: [] }),
    });
    signIn(3);
    const router = createMemoryRouter(
      [
        { path: '/stocks', element: <StocksPage /> },
        { path: '/warehouse/in/:id', element: <InboundPage /> },
      ],
      { initialEntries: ['/stocks'] },
    );
    renderWithApp(router);
    await userEvent.setup().click(await screen.findByTestId('tab-inbound'));
    const [shortRow, evenRow] = await screen.findAllByTestId('inbound-row');
    expect(within(shortRow!).getByTestId('pieces-difference').textContent).toBe('少收 3 件');
    expect(shortRow!.textContent).toContain('托盘');
    expect(within(evenRow!).queryByTestId('pieces-difference')).toBeNull();
    expect(evenRow!.textContent).toContain('自定义');
    await router.navigate('/warehouse/in/2');
    expect((await screen.findByTestId('pieces-difference')).textContent).toBe('少收 3 件');
  });

  it('says over and short in English and German, and names the packing types there', async () => {
    const over = { ...RECORD, package: '木箱', quantity: 5, goods_count: 7, difference: 2 };
    serveApi({ '/warehouse/in/find': () => ({ record: over, goods: [], shipments: [] }) });
    signIn(3);
    localStorage.setItem('locale', 'en-US');
    const { unmount } = renderWithApp(
      createMemoryRouter([{ path: '/warehouse/in/:id', element: <InboundPage /> }], { initialEntries: ['/warehouse/in/1'] }),
    );
    expect((await screen.findByTestId('pieces-difference')).textContent).toBe('2 pcs over');
    expect(screen.getByText('Crate')).toBeTruthy();
    unmount();
    localStorage.setItem('locale', 'de-DE');
    renderWithApp(createMemoryRouter([{ path: '/warehouse/in/:id', element: <InboundPage /> }], { initialEntries: ['/warehouse/in/1'] }));
    expect((await screen.findByTestId('pieces-difference')).textContent).toBe('2 Stück zu viel');
    expect(screen.getByText('Holzkiste')).toBeTruthy();
  });

  it('chooses the packing from a list in the create dialog and sends its stored text', async () => {
    serveApi({
      '/warehouse/stocks/statistic': () => ({ in_goods_number: 0, out_goods_number: 0, stock_goods_number: 0 }),
      '/warehouse/stocks/find_goods': () => ({ data: [], next_page_url: null }),
      '/warehouse/in': () => [],
      '/warehouse/in/create': () => ({ id: 9 }),
    });
    signIn(3);
    const popup = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as Window);
    renderWithApp(createMemoryRouter([{ path: '/stocks', element: <StocksPage /> }], { initialEntries: ['/stocks'] }));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('tab-inbound'));
    await user.click(await screen.findByTestId('inbound-create-open'));
    const packing = (await screen.findByTestId('inbound-create-package')) as HTMLSelectElement;
    expect(packing.tagName).toBe('SELECT');
    expect(packing.value).toBe('包裹');
    expect([...packing.options].map((option) => [option.value, option.textContent])).toEqual([
      ['包裹', '包裹'],
      ['托盘', '托盘'],
      ['木箱', '木箱'],
      ['纸箱', '纸箱'],
      ['其他', '其他'],
    ]);
    await user.selectOptions(packing, '纸箱');
    await user.type(screen.getByTestId('inbound-create-waybill_id'), 'W-1');
    await user.type(screen.getByTestId('inbound-create-client_code'), 'C-1');
    await user.type(screen.getByTestId('inbound-create-quantity'), '4');
    await user.type(screen.getByTestId('inbound-create-weight'), '2');
    await user.click(screen.getByTestId('inbound-create-submit'));
    await waitFor(() =>
      expect(callsTo('/warehouse/in/create').map((call) => (call.body as { package: string }).package)).toEqual(['纸箱']),
    );
    popup.mockRestore();
  });
});

// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/domain/contract/order.js';
import { fail, serveApi } from '../support/api-server.js';
import { makeOrder, renderAt, pressAndLand } from './support.js';
import { signedInPayer } from './signed-in-payer.js';

function api(order: OrderView = makeOrder()) {
  return serveApi({
    '/step/order/find': () => order,
    '/step/send/update': (body) => ({ id: String(body.id) }),
  });
}

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const next = () => screen.getByRole('button', { name: '下一步' });

describe('step 3: payer and patient info', () => {
  signedInPayer();

  it("generates the pinyin live and, for '本人', copies the patient's names into the payer's and hides them", async () => {
    api();
    const user = userEvent.setup();
    const { router } = renderAt('/step/send/o1');
    expect(await screen.findByRole('heading', { name: '填写付款所需信息' })).toBeTruthy();
    expect(((await screen.findByLabelText('付款人与患者关系')) as HTMLSelectElement).value).toBe('本人');
    expect(screen.queryByLabelText(/付款人姓/)).toBeNull();
    expect(screen.queryByLabelText(/付款人身份证号/)).toBeNull();
    expect(screen.getByTestId('self-note')).toBeTruthy();
    expect(input(/国家区号/).value).toBe('+86');

    await user.type(input(/姓（中文）/), '张');
    expect(input(/姓（拼音）/).value).toBe('Zhang');
    await user.type(input(/名（中文）/), '三');
    expect(input(/名（拼音）/).value).toBe('San');
    await user.type(input(/名（中文）/), '丰');
    expect(input(/名（拼音）/).value).toBe('Sanfeng');

    await user.type(input(/邮箱/), 'zhang@example.com');
    await user.type(input(/付款人手机号/), '13800138000');
    await user.type(input(/汇款附言/), 'Invoice 42');
    expect(await pressAndLand(user, router, next(), '/step/check/o1', '/step/send/update')).toEqual({
      id: 'o1',
      student_last_name: '张',
      student_first_name: '三丰',
      student_last_name_pinyin: 'Zhang',
      student_first_name_pinyin: 'Sanfeng',
      student_email: 'zhang@example.com',
      student_idcode: '',
      payer_relation: '本人',
      payer_last_name: '张',
      payer_first_name: '三丰',
      payer_code: '+86',
      payer_phone: '13800138000',
      payer_idcode: '',
      // Step 2's reference goes back as it was; the remittance reference is step 3's own field.
      accept_reference: '',
      accept_remittance: 'Invoice 42',
    });
  });

  it('asks for the payer names and ID number when the payer is not the patient', async () => {
    const calls = api(
      makeOrder({
        student_last_name: '欧阳',
        student_first_name: '娜娜',
        student_email: 'n@example.com',
        payer_phone: '13900000000',
        accept_reference: 'REF-1',
        accept_remittance: 'REM-1',
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAt('/step/send/o1');
    expect(((await screen.findByLabelText(/姓（拼音）/)) as HTMLInputElement).value).toBe('Ouyang');
    expect(input(/汇款附言/).value).toBe('REM-1');
    await user.selectOptions(screen.getByLabelText('付款人与患者关系'), '父母');
    expect(screen.queryByTestId('self-note')).toBeNull();
    await user.click(next());
    expect(screen.getAllByText('此项为必填项')).toHaveLength(3);
    expect(calls.some((call) => call.path === '/step/send/update')).toBe(false);

    await user.type(input(/付款人姓/), '欧阳');
    await user.type(input(/付款人名/), '震华');
    await user.type(input(/付款人身份证号/), '110101196001011234');
    expect(screen.queryByText('此项为必填项')).toBeNull();
    expect(await pressAndLand(user, router, next(), '/step/check/o1', '/step/send/update')).toMatchObject({
      payer_relation: '父母',
      payer_last_name: '欧阳',
      payer_first_name: '震华',
      payer_idcode: '110101196001011234',
      student_last_name_pinyin: 'Ouyang',
      student_first_name_pinyin: 'Nana',
    });
  });

  it('validates on blur when not empty and clears the error once the value is valid', async () => {
    api();
    const user = userEvent.setup();
    renderAt('/step/send/o1');
    const email = (await screen.findByLabelText(/邮箱/)) as HTMLInputElement;
    await user.click(email);
    await user.tab();
    expect(screen.queryByText('请输入邮箱')).toBeNull();
    await user.type(email, 'zhang@');
    await user.tab();
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, 'example.com');
    expect(screen.queryByText('请输入有效的邮箱地址')).toBeNull();
  });

  it("shows the server's field error beside its input and as a toast", async () => {
    serveApi({
      '/step/order/find': () =>
        makeOrder({ student_last_name: '张', student_first_name: '三', student_email: 'z@example.com', payer_phone: '13800138000' }),
      '/step/send/update': () => fail(422, '请求参数有误', { payer_phone: ['该手机号无法接收短信'] }),
    });
    const user = userEvent.setup();
    renderAt('/step/send/o1');
    const phone = (await screen.findByLabelText(/付款人手机号/)) as HTMLInputElement;
    await user.click(next());
    expect((await screen.findByTestId('toast-error')).textContent).toContain('该手机号无法接收短信');
    expect(document.getElementById(`${phone.id}-error`)?.textContent).toBe('该手机号无法接收短信');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    await user.type(phone, '1');
    expect(document.getElementById(`${phone.id}-error`)).toBeNull();
  });

  it('is translated', async () => {
    localStorage.setItem('locale', 'de-DE');
    api();
    renderAt('/step/send/o1');
    expect(await screen.findByRole('heading', { name: 'Angaben für die Zahlung' })).toBeTruthy();
    const relation = (await screen.findByLabelText('Beziehung des Zahlers zum Patienten')) as HTMLSelectElement;
    expect(Array.from(relation.options).map((option) => option.textContent)).toEqual([
      'Selbst (der Patient)',
      'Elternteil',
      'Ehepartner',
      'Kind',
      'Sonstige',
    ]);
    expect(Array.from(relation.options).map((option) => option.value)).toEqual(['本人', '父母', '配偶', '子女', '其他']);
  });

  it('goes back to /step/accept/{id}', async () => {
    api();
    renderAt('/step/send/o1');
    expect((await screen.findByRole('link', { name: '上一步' })).getAttribute('href')).toBe('/step/accept/o1');
  });

  it("without an order id shows '缺少订单ID' and no form", async () => {
    const calls = serveApi({});
    renderAt('/step/send');
    expect((await screen.findByTestId('missing-order-id')).textContent).toContain('缺少订单ID');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });
});

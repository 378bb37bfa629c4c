// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginPayload } from '../../../src/domain/validation/account.js';
import { FormTextField } from '../../../src/web/components/form-text-field.js';
import { LocaleProvider } from '../../../src/web/i18n/i18n.js';
import { ApiError } from '../../../src/web/lib/api-client.js';
import { useDomainForm, type CheckTiming } from '../../../src/web/lib/use-domain-form.js';

type Payload = { email: string; password: string };
let submitted: Payload[] = [];
let showServerErrors: (error: unknown) => boolean = () => false;

/** A login form on the domain's schema, as a page builds one. */
function LoginForm({ timing }: { timing?: CheckTiming }) {
  const form = useDomainForm(loginPayload, { defaultValues: { email: '', password: '' }, timing });
  showServerErrors = form.showServerErrors;
  const submit = form.handleSubmit((payload) => {
    submitted.push(payload);
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormTextField id="email" label="Email" field={form.bind('email')} error={form.errorText('email')} />
      <FormTextField id="password" label="Password" type="password" field={form.bind('password')} error={form.errorText('password')} />
      <button type="submit">Send</button>
    </form>
  );
}

const renderForm = (timing?: CheckTiming) =>
  render(
    <LocaleProvider>
      <LoginForm timing={timing} />
    </LocaleProvider>,
  );
const email = () => screen.getByLabelText<HTMLInputElement>('Email');
const password = () => screen.getByLabelText<HTMLInputElement>('Password');
const errorOf = (input: HTMLInputElement) => document.getElementById(`${input.id}-error`)?.textContent ?? null;

describe('useDomainForm: SPEC section 5 timing', () => {
  beforeEach(() => {
    localStorage.clear();
    submitted = [];
  });
  afterEach(cleanup);

  it('does not check an empty field on blur', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(email());
    await user.tab();
    await user.type(password(), '   ');
    await user.tab();
    expect(errorOf(email())).toBeNull();
    expect(errorOf(password())).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it('checks a filled field on blur, never while typing into a field without an error', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(email(), 'payer@');
    expect(errorOf(email())).toBeNull();
    await user.tab();
    expect(errorOf(email())).toBe('请输入有效的邮箱地址');
    expect(email().getAttribute('aria-invalid')).toBe('true');
  });

  it('checks a field that shows an error on each change: the message follows the value and goes once it is valid', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(password(), '123');
    await user.tab();
    expect(errorOf(password())).toBe('密码至少需要 6 个字符');
    await user.clear(password());
    expect(errorOf(password())).toBe('请输入密码');
    await user.type(password(), '12345');
    expect(errorOf(password())).toBe('密码至少需要 6 个字符');
    await user.type(password(), '6');
    expect(errorOf(password())).toBeNull();
    expect(password().getAttribute('aria-invalid')).toBeNull();
  });

  it('after a submit, still shows nothing new while typing (react-hook-form’s onChange re-validation would)', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(email(), 'payer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf(password())).toBe('请输入密码');
    expect(submitted).toHaveLength(0);
    await user.clear(email());
    await user.type(email(), 'payer@');
    expect(errorOf(email())).toBeNull();
    await user.tab();
    expect(errorOf(email())).toBe('请输入有效的邮箱地址');
  });

  it('submits the schema’s output once every field is valid', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf(email())).toBe('请输入邮箱');
    expect(document.activeElement).toBe(email());
    await user.type(email(), '  payer@example.com ');
    expect(errorOf(email())).toBeNull();
    await user.type(password(), 'secret-1');
    expect(errorOf(password())).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submitted).toEqual([{ email: 'payer@example.com', password: 'secret-1' }]);
  });

  it("shows the domain's message keys in the chosen language", async () => {
    localStorage.setItem('locale', 'de-DE');
    renderForm();
    const user = userEvent.setup();
    await user.type(email(), 'payer@');
    await user.tab();
    expect(errorOf(email())).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
  });

  it("'whileTyping' checks each change of a filled field and clears the error when it is emptied", async () => {
    renderForm('whileTyping');
    const user = userEvent.setup();
    await user.type(email(), 'payer@');
    expect(errorOf(email())).toBe('请输入有效的邮箱地址');
    await user.clear(email());
    expect(errorOf(email())).toBeNull();
  });

  it("shows the server's texts beside the fields it names, focusing the first; a valid change clears them", async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(email(), 'payer@example.com');
    await user.type(password(), 'secret-1');
    const refusal = new ApiError(422, 'x', { password: ['Passwort falsch'], unknown_field: ['ignored'] }, 'validation_failed');
    let shown = false;
    act(() => {
      shown = showServerErrors(refusal);
    });
    expect(shown).toBe(true);
    expect(errorOf(password())).toBe('Passwort falsch');
    expect(document.activeElement).toBe(password());
    expect(screen.queryByText('ignored')).toBeNull();
    await user.type(password(), '2');
    expect(errorOf(password())).toBeNull();
    expect(showServerErrors(new Error('network'))).toBe(false);
  });
});

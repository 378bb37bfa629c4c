import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from '../../components/form-text-field.js';
import { Button } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { authMessages } from './messages.js';
import * as styles from './auth.css.js';

/** A text field of the account forms: the shared bound field with the account pages' taller input. */
export function AuthTextField(props: Omit<FormTextFieldProps, 'inputClassName'>) {
  return <FormTextField {...props} inputClassName={styles.input} />;
}

/** What the fields below need of the page's form (useDomainForm): a binding and an error text per field. */
export interface BindsFields<N extends string> {
  bind(name: N): UseFormRegisterReturn;
  errorText(name: N): string | null;
}

/**
 * The email address an account is known by (register, forgot password, login). Login fills the
 * saved sign-in (`username`); the others offer the address alone.
 */
export function EmailField({
  id,
  form,
  autoComplete = 'email',
}: {
  id: string;
  form: BindsFields<'email'>;
  autoComplete?: 'email' | 'username';
}) {
  const t = useT(authMessages);
  return (
    <AuthTextField
      id={id}
      label={t('field.email')}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      placeholder={t('placeholder.email')}
      field={form.bind('email')}
      error={form.errorText('email')}
    />
  );
}

/** A new password and its confirmation (register, reset password), with ids `{idPrefix}-password` and `{idPrefix}-password-confirmation`. */
export function NewPasswordFields({
  idPrefix,
  label,
  form,
}: {
  idPrefix: string;
  label: string;
  form: BindsFields<'password' | 'password_confirmation'>;
}) {
  const t = useT(authMessages);
  return (
    <>
      <AuthTextField
        id={`${idPrefix}-password`}
        label={label}
        type="password"
        autoComplete="new-password"
        placeholder={t('placeholder.newPassword')}
        field={form.bind('password')}
        error={form.errorText('password')}
      />
      <AuthTextField
        id={`${idPrefix}-password-confirmation`}
        label={t('field.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        placeholder={t('placeholder.confirmation')}
        field={form.bind('password_confirmation')}
        error={form.errorText('password_confirmation')}
      />
    </>
  );
}

/** An account form's submit button, in its row. */
export function SubmitRow({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <div className={styles.submitRow}>
      <Button type="submit" loading={loading}>
        {children}
      </Button>
    </div>
  );
}

import type { FormEventHandler } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import { AuthTextField, EmailField, SubmitRow, type BindsFields } from './form-fields.js';
import { authMessages } from './messages.js';
import * as styles from './auth.css.js';

/**
 * The email/password column of /login, for accounts registered by email. `carried` is the query
 * (the page asked for) the register link takes along.
 */
export function EmailLogin({
  form,
  submit,
  loading,
  carried,
}: {
  form: BindsFields<'email' | 'password'>;
  submit: FormEventHandler<HTMLFormElement>;
  loading: boolean;
  carried: string;
}) {
  const t = useT(authMessages);
  return (
    <section className={styles.column} aria-labelledby="login-email-title">
      <h2 id="login-email-title" className={styles.columnTitle}>
        {t('login.emailTitle')}
      </h2>
      <p className={styles.columnHint}>{t('login.emailHint')}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="login-email-title">
        <EmailField id="login-email" form={form} autoComplete="username" />
        <AuthTextField
          id="login-password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
          placeholder={t('placeholder.password')}
          field={form.bind('password')}
          error={form.errorText('password')}
        />
        <SubmitRow loading={loading}>{t('login.submit')}</SubmitRow>
      </form>
      <div className={styles.links}>
        <Link to={`/register${carried}`}>{t('login.noAccount')}</Link>
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { registerForm } from '../../../domain/validation/account.js';
import { ErrorAlert } from '../../components/alert.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { register } from './api/register.js';
import { AuthShell, SuccessPanel } from './auth-shell.js';
import { AuthTextField, EmailField, NewPasswordFields, SubmitRow } from './form-fields.js';
import { authMessages } from './messages.js';
import { homeOf } from '../../../domain/access/roles.js';
import { redirectTarget, withoutOAuthParams } from './redirect.js';
import { useAccountSubmit } from './use-account-submit.js';
import * as styles from './auth.css.js';

/** The query without the register link's own `key`. */
const withoutKey = (search: string) => {
  const params = new URLSearchParams(search);
  params.delete('key');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
};

const AGREEMENT_LINKS = { terms: '/terms', privacy: '/privacy' } as const;
const NEW_WINDOW_HINT = 'register-agreement-new-window';

/**
 * The agreement sentence with both titles linking to their texts. They open in a new tab so the
 * typed values survive; the "opens in a new window" hint is a description, not part of the link's
 * text, so the checkbox's name stays exactly the sentence.
 */
function AgreementText() {
  const t = useT(authMessages);
  return t('register.agreement')
    .split(/(\{\w+\})/)
    .map((part, index) => {
      const name = /^\{(terms|privacy)\}$/.exec(part)?.[1] as keyof typeof AGREEMENT_LINKS | undefined;
      if (!name) return part;
      return (
        <Link key={index} to={AGREEMENT_LINKS[name]} target="_blank" rel="noopener" aria-describedby={NEW_WINDOW_HINT}>
          {t(`register.${name}`)}
        </Link>
      );
    });
}

/** /register (SPEC.md "Register"): email, passwords, agreement; ?key= goes along as `code`. */
export default function RegisterPage() {
  const t = useT(authMessages);
  const { user, signIn } = useSession();
  const location = useLocation();
  const key = new URLSearchParams(location.search).get('key') ?? '';
  const form = useDomainForm(registerForm, {
    defaultValues: { email: '', password: '', password_confirmation: '', code: key, agreement: false },
  });
  const [done, setDone] = useState(false);
  const { submit, loading, alert } = useAccountSubmit(form, async (payload) => {
    const answer = await register(payload);
    // Done first: the signed-in render must show the success panel, not send the new user on.
    setDone(true);
    signIn(answer.access_token, answer.user);
  });
  const carried = withoutKey(location.search);

  if (user && !done) return <Navigate to={redirectTarget(carried, homeOf(user.group))} replace />;

  if (done) {
    return (
      <AuthShell title={t('register.title')}>
        <SuccessPanel title={t('register.success')} text={t('register.successText')}>
          <Link to={redirectTarget(carried)} className={styles.primaryLink}>
            {t('register.goPay')}
          </Link>
        </SuccessPanel>
      </AuthShell>
    );
  }

  const agreementError = form.errorText('agreement');
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')}>
      <ErrorAlert texts={alert} />
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('register.title')}>
        <EmailField id="register-email" form={form} />
        <NewPasswordFields idPrefix="register" label={t('field.password')} form={form} />
        {key && (
          <AuthTextField
            id="register-code"
            label={t('field.code')}
            autoComplete="off"
            field={form.bind('code')}
            error={form.errorText('code')}
          />
        )}
        <div className={styles.checkboxField}>
          <label className={styles.checkboxRow}>
            <input
              type="checkbox"
              className={styles.checkbox}
              {...form.bind('agreement')}
              aria-invalid={agreementError ? true : undefined}
              aria-describedby={agreementError ? 'register-agreement-error' : undefined}
            />
            <span>
              <AgreementText />
            </span>
          </label>
          <span id={NEW_WINDOW_HINT} hidden>
            {t('register.opensNewWindow')}
          </span>
          {agreementError && (
            <div id="register-agreement-error" className={styles.fieldError} role="alert">
              {agreementError}
            </div>
          )}
        </div>
        <SubmitRow loading={loading}>{t('register.submit')}</SubmitRow>
      </form>
      <div className={styles.links}>
        <Link to={`/login${withoutOAuthParams(carried)}`}>{t('register.haveAccount')}</Link>
      </div>
    </AuthShell>
  );
}

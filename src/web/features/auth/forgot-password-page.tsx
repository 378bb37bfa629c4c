import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { forgotPasswordPayload } from '../../../domain/validation/account.js';
import { ErrorAlert } from '../../components/alert.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { forgotPassword } from './api/forgot-password.js';
import { AuthShell, SuccessPanel } from './auth-shell.js';
import { EmailField, SubmitRow } from './form-fields.js';
import { authMessages } from './messages.js';
import { homeOf } from '../../../domain/access/roles.js';
import { redirectTarget } from './redirect.js';
import { useAccountSubmit } from './use-account-submit.js';
import * as styles from './auth.css.js';

/** /forgot-password (SPEC.md "Forgot and reset password"): mails a reset link. */
export default function ForgotPasswordPage() {
  const t = useT(authMessages);
  const notify = useNotify();
  const { user } = useSession();
  const location = useLocation();
  const form = useDomainForm(forgotPasswordPayload, { defaultValues: { email: '' } });
  const [sent, setSent] = useState(false);
  const { submit, loading, alert } = useAccountSubmit(form, async (payload) => {
    await forgotPassword(payload);
    notify.success(t('forgot.sent'));
    setSent(true);
  });

  if (user) return <Navigate to={redirectTarget(location.search, homeOf(user.group))} replace />;

  return (
    <AuthShell title={t('forgot.title')} subtitle={sent ? undefined : t('forgot.subtitle')}>
      {sent ? (
        <SuccessPanel title={t('forgot.sent')} text={t('forgot.sentText')}>
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </SuccessPanel>
      ) : (
        <>
          <ErrorAlert texts={alert} />
          <form className={styles.form} onSubmit={submit} noValidate aria-label={t('forgot.title')}>
            <EmailField id="forgot-email" form={form} />
            <SubmitRow loading={loading}>{t('forgot.submit')}</SubmitRow>
          </form>
          <div className={styles.links}>
            <Link to="/login">{t('forgot.backToLogin')}</Link>
          </div>
        </>
      )}
    </AuthShell>
  );
}

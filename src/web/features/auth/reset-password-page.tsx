import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { passwordResetPayload } from '../../../domain/validation/account.js';
import { ErrorAlert } from '../../components/alert.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { resetPassword } from './api/reset-password.js';
import { AuthShell, SuccessPanel } from './auth-shell.js';
import { NewPasswordFields, SubmitRow } from './form-fields.js';
import { authMessages } from './messages.js';
import { homeOf } from '../../../domain/access/roles.js';
import { redirectTarget } from './redirect.js';
import { useAccountSubmit } from './use-account-submit.js';
import * as styles from './auth.css.js';

/** The mailed link's id and token, as the domain takes them: a link without both cannot reset anything. */
const RESET_LINK = passwordResetPayload.pick({ id: true, token: true });

/** /reset-password?id=…&token=… (SPEC.md "Forgot and reset password"): sets a new password. */
export default function ResetPasswordPage() {
  const t = useT(authMessages);
  const notify = useNotify();
  const { user } = useSession();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const id = query.get('id')?.trim() ?? '';
  const token = query.get('token')?.trim() ?? '';
  const form = useDomainForm(passwordResetPayload, {
    defaultValues: { password: '', password_confirmation: '' },
    toPayload: (passwords) => ({ id, token, ...passwords }),
  });
  const [done, setDone] = useState(false);
  const { submit, loading, alert } = useAccountSubmit(form, async (payload) => {
    await resetPassword(payload);
    notify.success(t('reset.done'));
    setDone(true);
  });

  if (user) {
    const rest = new URLSearchParams(location.search);
    rest.delete('id');
    rest.delete('token');
    return <Navigate to={redirectTarget(`?${rest}`, homeOf(user.group))} replace />;
  }

  if (!RESET_LINK.safeParse({ id, token }).success) {
    return (
      <AuthShell title={t('reset.title')}>
        <ErrorAlert texts={[t('reset.missingLink')]} />
        <div className={styles.links}>
          <Link to="/forgot-password">{t('reset.requestAgain')}</Link>
        </div>
      </AuthShell>
    );
  }

  if (done) {
    return (
      <AuthShell title={t('reset.title')}>
        <SuccessPanel title={t('reset.done')} text={t('reset.doneText')}>
          <Link to="/login" className={styles.primaryLink}>
            {t('reset.goLogin')}
          </Link>
        </SuccessPanel>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <ErrorAlert texts={alert} />
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('reset.title')}>
        <NewPasswordFields idPrefix="reset" label={t('field.newPassword')} form={form} />
        <SubmitRow loading={loading}>{t('reset.submit')}</SubmitRow>
      </form>
      <div className={styles.links}>
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </div>
    </AuthShell>
  );
}

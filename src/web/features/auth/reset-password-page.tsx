import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { passwordResetPayload } from '../../../domain/validation/account.js';
import { ErrorAlert } from '../../components/alert.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { resetPassword } from './api/reset-password.js';
import { AuthShell, SuccessPanel } from './auth-shell.js';
import { bindField, TextField, useErrorText } from './form-fields.js';
import { authMessages } from './messages.js';
import { redirectTarget } from './redirect.js';
import { useFormSubmit } from './use-form-submit.js';
import { useValidatedForm } from './use-validated-form.js';
import * as styles from './auth.css.js';

/** /reset-password?id=…&token=… (SPEC.md "Forgot and reset password"): sets a new password. */
export default function ResetPasswordPage() {
  const t = useT(authMessages);
  const errorText = useErrorText();
  const notify = useNotify();
  const { user } = useSession();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const id = query.get('id')?.trim() ?? '';
  const token = query.get('token')?.trim() ?? '';
  const form = useValidatedForm(passwordResetPayload, { id, token, password: '', password_confirmation: '' });
  const [done, setDone] = useState(false);
  const { submit, loading, alert } = useFormSubmit(form, async (payload) => {
    await resetPassword(payload);
    notify.success(t('reset.done'));
    setDone(true);
  });

  if (user) {
    const rest = new URLSearchParams(location.search);
    rest.delete('id');
    rest.delete('token');
    return <Navigate to={redirectTarget(`?${rest}`)} replace />;
  }

  if (!id || !token || form.errors.id || form.errors.token) {
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
        <TextField
          id="reset-password"
          label={t('field.newPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('placeholder.password')}
          {...bindField(form, 'password', errorText)}
        />
        <TextField
          id="reset-password-confirmation"
          label={t('field.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          placeholder={t('placeholder.confirmation')}
          {...bindField(form, 'password_confirmation', errorText)}
        />
        <div className={styles.submitRow}>
          <Button type="submit" loading={loading}>
            {t('reset.submit')}
          </Button>
        </div>
      </form>
      <div className={styles.links}>
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </div>
    </AuthShell>
  );
}

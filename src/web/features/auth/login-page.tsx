import { Navigate, useLocation } from 'react-router-dom';
import { loginPayload } from '../../../domain/validation/account.js';
import { ErrorAlert } from '../../components/alert.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { login } from './api/login.js';
import { AuthShell } from './auth-shell.js';
import { EmailLogin } from './email-login.js';
import { MfaStep } from './mfa-step.js';
import { authMessages } from './messages.js';
import { homeOf } from '../../../domain/access/roles.js';
import { redirectTarget, withoutOAuthParams } from './redirect.js';
import { useAccountSubmit } from './use-account-submit.js';
import { useLoginSession } from './use-login-session.js';
import { useWeChatCallback } from './use-wechat-callback.js';
import { useWeChatApps } from './wechat.js';
import { WeChatLogin } from './wechat-login.js';
import * as styles from './auth.css.js';

/** /login: WeChat login plus email/password for accounts registered by email (SPEC.md "Login"). */
export default function LoginPage() {
  const t = useT(authMessages);
  const { user } = useSession();
  const location = useLocation();
  const { mfaToken, setMfaToken, landing, startSession, afterFirstFactor } = useLoginSession();
  const form = useDomainForm(loginPayload, { defaultValues: { email: '', password: '' } });
  const apps = useWeChatApps();
  const { submit, loading, alert, setAlert } = useAccountSubmit(form, async (payload) => afterFirstFactor(await login(payload)));
  const wechatBusy = useWeChatCallback(apps, afterFirstFactor, setAlert);

  if (user) return <Navigate to={landing ?? redirectTarget(location.search, homeOf(user.group))} replace />;
  if (mfaToken) return <MfaStep mfaToken={mfaToken} onSession={startSession} onBack={() => setMfaToken(null)} />;

  const carried = withoutOAuthParams(location.search);
  const redirectUri = `${window.location.origin}${location.pathname}${carried}`;

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')} wide>
      <ErrorAlert texts={alert} />
      <div className={styles.columns}>
        <section className={styles.column} aria-labelledby="login-wechat">
          <h2 id="login-wechat" className={styles.columnTitle}>
            {t('login.wechatTitle')}
          </h2>
          <WeChatLogin busy={wechatBusy} apps={apps} redirectUri={redirectUri} />
        </section>
        <div className={styles.divider}>{t('login.or')}</div>
        <EmailLogin form={form} submit={submit} loading={loading} carried={carried} />
      </div>
    </AuthShell>
  );
}

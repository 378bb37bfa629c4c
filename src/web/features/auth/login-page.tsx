import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { loginPayload } from '../../../domain/validation/account.js';
import { ErrorAlert } from '../../components/alert.js';
import { Button } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { inWeChat } from '../../lib/environment.js';
import { useSession } from '../../lib/session.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import type { LoginAnswer, Session } from '../../../domain/contract/session.js';
import { login } from './api/login.js';
import { findSecondFactors } from './api/second-factor.js';
import { wechatLogin } from './api/wechat-login.js';
import { AuthShell } from './auth-shell.js';
import { errorTexts } from './errors.js';
import { AuthTextField } from './form-fields.js';
import { MfaStep } from './mfa-step.js';
import { authMessages } from './messages.js';
import { homeOf } from '../../../domain/access/roles.js';
import { redirectTarget, withoutOAuthParams } from './redirect.js';
import { useAccountSubmit } from './use-account-submit.js';
import type { WeChatApps } from './api/find-wechat-config.js';
import { authorizeUrl, consumeOAuthState, currentAppId, newOAuthState, qrConnectUrl, useWeChatApps } from './wechat.js';
import * as styles from './auth.css.js';

function WeChatIcon() {
  return (
    <span className={styles.wechatLogo} aria-hidden="true">
      <svg viewBox="0 0 32 32" width="34" height="34" fill="currentColor">
        <path d="M12.5 5C7.3 5 3 8.6 3 13c0 2.5 1.4 4.8 3.6 6.3L5.8 22l3.2-1.7c1.1.3 2.3.5 3.5.5h.6a7.6 7.6 0 0 1-.3-2.1c0-4.4 4.2-8 9.4-8h.7C22 7.3 17.7 5 12.5 5Zm-3.2 4.6a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6Zm6.4 0a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6Z" />
        <path d="M29 18.7c0-3.6-3.6-6.6-8-6.6s-8 3-8 6.6 3.6 6.6 8 6.6c.9 0 1.8-.1 2.6-.4l2.6 1.4-.7-2.3c2.1-1.2 3.5-3.1 3.5-5.3Zm-10.6-1a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Zm5.3 0a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
      </svg>
    </span>
  );
}

/** WeChat login: the authorise button inside WeChat, the QR frame elsewhere (SPEC.md "Login"). */
function WeChatLogin({ busy, apps, redirectUri }: { busy: boolean; apps: WeChatApps | undefined; redirectUri: string }) {
  const t = useT(authMessages);
  if (busy || !apps) {
    return (
      <div className={styles.wechatBox} role="status" aria-busy="true">
        <WeChatIcon />
        {busy ? t('login.wechatSigningIn') : t('login.wechatLoading')}
      </div>
    );
  }
  const appId = currentAppId(apps);
  if (inWeChat()) {
    return appId ? (
      <div className={styles.wechatBox}>
        <WeChatIcon />
        <span>{t('login.wechatInAppHint')}</span>
        <button
          type="button"
          className={styles.wechatButton}
          onClick={() => window.location.assign(authorizeUrl(appId, redirectUri, newOAuthState()))}
        >
          {t('login.wechatAuthorize')}
        </button>
      </div>
    ) : (
      <div className={styles.wechatBox} data-compact="">
        <WeChatIcon />
        {t('login.wechatNotConfigured')}
      </div>
    );
  }
  if (!appId) {
    return (
      <div className={styles.wechatBox} data-compact="" data-testid="wechat-not-configured">
        <WeChatIcon />
        {t('login.wechatNotConfigured')}
      </div>
    );
  }
  return (
    <>
      <p className={styles.columnHint}>{t('login.wechatScanHint')}</p>
      <iframe
        className={styles.qrFrame}
        title={t('login.wechatFrameTitle')}
        src={qrConnectUrl(appId, redirectUri, newOAuthState())}
        sandbox="allow-scripts allow-top-navigation allow-same-origin"
      />
    </>
  );
}

/** Where a new session goes first: in production a staff member without a second factor can only enrol one. */
const SECURITY_PAGE = '/account/security';
async function mustEnrol(session: Session): Promise<boolean> {
  if (session.user.group === 0) return false;
  // The session stands either way: without an answer, the user goes on as asked, and the server still refuses what needs a factor.
  const factors = await findSecondFactors(session.access_token).catch(() => null);
  return factors !== null && factors.required && !factors.totp && factors.passkeys === 0;
}

/** /login: WeChat login plus email/password for accounts registered by email (SPEC.md "Login"). */
export default function LoginPage() {
  const t = useT(authMessages);
  const { user, signIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(location.search).get('code');
  const [wechatBusy, setWechatBusy] = useState(Boolean(code));
  const handledCode = useRef<string | null>(null);
  /** Set when the password was right and a staff account's second factor is asked for. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [landing, setLanding] = useState<string | null>(null);
  const form = useDomainForm(loginPayload, { defaultValues: { email: '', password: '' } });
  const apps = useWeChatApps();
  const startSession = useCallback(
    async (session: Session) => {
      if (await mustEnrol(session)) setLanding(SECURITY_PAGE);
      signIn(session.access_token, session.user);
    },
    [signIn],
  );
  const afterFirstFactor = useCallback(
    async (answer: LoginAnswer) => ('mfa_required' in answer ? setMfaToken(answer.mfa_token) : startSession(answer)),
    [startSession],
  );
  const { submit, loading, alert, setAlert } = useAccountSubmit(form, async (payload) => afterFirstFactor(await login(payload)));

  // Back from WeChat with ?code=: submit it once, with the app id of the app that issued it.
  useEffect(() => {
    if (!code || !apps || handledCode.current === code) return;
    handledCode.current = code;
    if (window.self !== window.top) {
      // The QR page sent only its frame back here: take the whole window along.
      try {
        window.top!.location.href = window.location.href;
        return;
      } catch {
        // A foreign top window: log in inside the frame.
      }
    }
    const params = new URLSearchParams(location.search);
    const fail = (texts: string[]) => {
      setAlert(texts);
      setWechatBusy(false);
      navigate({ pathname: location.pathname, search: withoutOAuthParams(location.search) }, { replace: true });
    };
    if (!consumeOAuthState(params.get('state'))) return fail([t('login.wechatStateMismatch')]);
    const appId = currentAppId(apps);
    if (!appId) return fail([t('login.wechatNotConfigured')]);
    setWechatBusy(true);
    setAlert([]);
    wechatLogin({ code, appId })
      .then(afterFirstFactor)
      .then(
        () => setWechatBusy(false),
        (error: unknown) => fail(errorTexts(error)),
      );
  }, [afterFirstFactor, apps, code, location.pathname, location.search, navigate, setAlert, t]);

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
        <section className={styles.column} aria-labelledby="login-email-title">
          <h2 id="login-email-title" className={styles.columnTitle}>
            {t('login.emailTitle')}
          </h2>
          <p className={styles.columnHint}>{t('login.emailHint')}</p>
          <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="login-email-title">
            <AuthTextField
              id="login-email"
              label={t('field.email')}
              type="email"
              inputMode="email"
              autoComplete="username"
              placeholder={t('placeholder.email')}
              field={form.bind('email')}
              error={form.errorText('email')}
            />
            <AuthTextField
              id="login-password"
              label={t('field.password')}
              type="password"
              autoComplete="current-password"
              placeholder={t('placeholder.password')}
              field={form.bind('password')}
              error={form.errorText('password')}
            />
            <div className={styles.submitRow}>
              <Button type="submit" loading={loading}>
                {t('login.submit')}
              </Button>
            </div>
          </form>
          <div className={styles.links}>
            <Link to={`/register${carried}`}>{t('login.noAccount')}</Link>
            <Link to="/forgot-password">{t('login.forgot')}</Link>
          </div>
        </section>
      </div>
    </AuthShell>
  );
}

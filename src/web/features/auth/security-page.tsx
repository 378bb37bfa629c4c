import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { SecondFactors } from '../../../domain/contract/session.js';
import { ErrorAlert } from '../../components/alert.js';
import { Button, Field, inputClass } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { confirmTotp, findSecondFactors, passkeyRegistrationOptions, registerPasskey, setUpTotp } from './api/second-factor.js';
import { AuthShell } from './auth-shell.js';
import { errorTexts } from './errors.js';
import { securityMessages } from './security-messages.js';
import * as styles from './security.css.js';

type TotpSetup = Awaited<ReturnType<typeof setUpTotp>>;

/** The QR code the server drew (never a third party's), shown as an image. */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Setting up an authenticator app: scan, confirm a code, then the recovery codes, shown this once. */
function TotpSection({ factors, onChanged }: { factors: SecondFactors; onChanged: () => void }) {
  const t = useT(securityMessages);
  const notify = useNotify();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [alert, setAlert] = useState<string[]>([]);

  const step = useMutation({
    mutationFn: (run: () => Promise<void>) => run(),
    onMutate: () => setAlert([]),
    onError: (error) => setAlert(errorTexts(error)),
  });
  const busy = step.isPending;
  const attempt = (run: () => Promise<void>) => step.mutate(run);
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    step.mutate(
      async () => {
        const answer = await confirmTotp(code);
        setCodes(answer.recovery_codes);
        setSetup(null);
        notify.success(t('security.totpDone'));
      },
      { onSettled: () => setCode('') },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="security-totp" data-testid="security-totp">
      <h2 id="security-totp" className={styles.sectionTitle}>
        {t('security.totpTitle')}
      </h2>
      <ErrorAlert texts={alert} />
      {codes ? (
        <div className={styles.codes} data-testid="recovery-codes">
          <h3 className={styles.codesTitle}>{t('security.codesTitle')}</h3>
          <p className={styles.muted}>{t('security.codesText')}</p>
          <ol className={styles.codeList}>
            {codes.map((item) => (
              <li key={item}>
                <code>{item}</code>
              </li>
            ))}
          </ol>
          <Button onClick={() => (setCodes(null), onChanged())}>{t('security.codesDone')}</Button>
        </div>
      ) : factors.totp ? (
        <p className={styles.on}>{t('security.totpOn', { count: factors.recovery_codes_left })}</p>
      ) : setup ? (
        <form onSubmit={confirm} noValidate className={styles.setup}>
          <p className={styles.muted}>{t('security.totpScan')}</p>
          <img className={styles.qr} src={svgImage(setup.qr_svg)} alt={t('security.qrAlt')} width={200} height={200} />
          <p>
            {t('security.secret')}:{' '}
            <code data-testid="totp-secret" className={styles.secret}>
              {setup.secret}
            </code>
          </p>
          <Field label={t('security.code')} htmlFor="totp-code">
            <input
              id="totp-code"
              className={inputClass}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
            />
          </Field>
          <Button type="submit" loading={busy}>
            {t('security.confirm')}
          </Button>
        </form>
      ) : (
        <>
          <p className={styles.muted}>{t('security.totpOff')}</p>
          <Button loading={busy} onClick={() => attempt(async () => setSetup(await setUpTotp()))}>
            {t('security.totpStart')}
          </Button>
        </>
      )}
    </section>
  );
}

/** Adding a passkey: the browser's own dialog (WebAuthn), through @simplewebauthn/browser. */
function PasskeySection({ factors, onChanged }: { factors: SecondFactors; onChanged: () => void }) {
  const t = useT(securityMessages);
  const notify = useNotify();
  const [alert, setAlert] = useState<string[]>([]);
  const adding = useMutation({
    mutationFn: async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await passkeyRegistrationOptions();
      const credential = await startRegistration({ optionsJSON: options }).catch(() => {
        throw new Error(t('security.passkeyCancelled'));
      });
      await registerPasskey(credential);
      notify.success(t('security.passkeyAdded'));
      onChanged();
    },
    onMutate: () => setAlert([]),
    onError: (error) => setAlert(errorTexts(error)),
  });
  const busy = adding.isPending;
  const add = () => adding.mutate();
  return (
    <section className={styles.section} aria-labelledby="security-passkeys" data-testid="security-passkeys">
      <h2 id="security-passkeys" className={styles.sectionTitle}>
        {t('security.passkeyTitle')}
      </h2>
      <ErrorAlert texts={alert} />
      <p className={factors.passkeys > 0 ? styles.on : styles.muted}>
        {factors.passkeys > 0 ? t('security.passkeyCount', { count: factors.passkeys }) : t('security.passkeyNone')}
      </p>
      <Button variant="secondary" loading={busy} onClick={add}>
        {t('security.passkeyAdd')}
      </Button>
    </section>
  );
}

/** /account/security: a staff member's second factor (DESIGN.md section 12). */
export default function SecurityPage() {
  const t = useT(securityMessages);
  const { user } = useSession();
  const [factors, setFactors] = useState<SecondFactors | null>(null);
  const [alert, setAlert] = useState<string[]>([]);
  const staff = user !== null && user.group !== 0;
  const reload = useCallback(() => {
    findSecondFactors().then(setFactors, (error: unknown) => setAlert(errorTexts(error)));
  }, []);
  useEffect(() => {
    if (staff) reload();
  }, [reload, staff]);

  const unenrolled = factors !== null && !factors.totp && factors.passkeys === 0;
  return (
    <AuthShell title={t('security.title')} subtitle={t('security.subtitle')} wide>
      <ErrorAlert texts={alert} />
      {!staff ? (
        <p>{t('security.payersNone')}</p>
      ) : !factors ? (
        <p role="status">{t('security.loading')}</p>
      ) : (
        <>
          {factors.required && unenrolled && (
            <p role="alert" className={styles.required}>
              {t('security.required')}
            </p>
          )}
          <TotpSection factors={factors} onChanged={reload} />
          <PasskeySection factors={factors} onChanged={reload} />
        </>
      )}
    </AuthShell>
  );
}

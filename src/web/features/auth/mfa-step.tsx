import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Session } from '../../../domain/contract/session.js';
import { ErrorAlert } from '../../components/alert.js';
import { Field, inputClass } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { passkeySignInOptions, verifySecondFactor } from './api/second-factor.js';
import { AuthShell } from './auth-shell.js';
import { errorTexts } from './errors.js';
import { SubmitRow } from './form-fields.js';
import { authMessages } from './messages.js';
import * as styles from './auth.css.js';

/**
 * The second sign-in step of a staff account with a second factor (DESIGN.md section 12): the
 * 6-digit code of the authenticator app, or a recovery code, or a passkey. `onSession` receives
 * the session the step answers; `onBack` returns to the password.
 */
export function MfaStep({
  mfaToken,
  onSession,
  onBack,
}: {
  mfaToken: string;
  onSession: (session: Session) => Promise<void>;
  onBack: () => void;
}) {
  const t = useT(authMessages);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<string[]>([]);

  const signIn = useMutation({
    mutationFn: async (step: () => Promise<Session>) => onSession(await step()),
    onMutate: () => setAlert([]),
    onError: (error) => {
      setAlert(errorTexts(error));
      setCode('');
    },
  });
  // Once signed in, the page moves on: the buttons stay busy until then.
  const busy = signIn.isPending || signIn.isSuccess;
  const run = (step: () => Promise<Session>) => signIn.mutate(step);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setAlert([t('mfa.codeRequired')]);
    run(() => verifySecondFactor({ mfa_token: mfaToken, code }));
  };

  const signInWithPasskey = () =>
    run(async () => {
      // Loaded on this click only: most sign-ins never need the WebAuthn helper.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const options = await passkeySignInOptions(mfaToken);
      const assertion = await startAuthentication({ optionsJSON: options }).catch(() => {
        throw new Error(t('mfa.passkeyCancelled'));
      });
      return verifySecondFactor({ mfa_token: mfaToken, passkey: assertion });
    });

  const field = recovery ? 'mfa-recovery-code' : 'mfa-code';
  return (
    <AuthShell title={t('mfa.title')} subtitle={recovery ? t('mfa.recoveryCode') : t('mfa.subtitle')}>
      <ErrorAlert texts={alert} />
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('mfa.title')}>
        <Field label={recovery ? t('mfa.recoveryCode') : t('mfa.code')} htmlFor={field}>
          <input
            key={field}
            id={field}
            className={`${inputClass} ${styles.input}`}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 24 : 7}
            placeholder={recovery ? t('mfa.recoveryPlaceholder') : t('mfa.codePlaceholder')}
            autoFocus
          />
        </Field>
        <SubmitRow loading={busy}>{t('mfa.submit')}</SubmitRow>
      </form>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={() => (setRecovery(!recovery), setCode(''), setAlert([]))}>
          {recovery ? t('mfa.useCode') : t('mfa.useRecovery')}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => void signInWithPasskey()} disabled={busy}>
          {t('mfa.usePasskey')}
        </button>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('mfa.back')}
        </button>
      </div>
    </AuthShell>
  );
}

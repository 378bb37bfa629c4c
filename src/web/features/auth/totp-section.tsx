import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SecondFactors } from '../../../domain/contract/session.js';
import { Button, Field, inputClass } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { confirmTotp, setUpTotp } from './api/second-factor.js';
import { errorTexts } from './errors.js';
import { FactorSection } from './factor-section.js';
import { securityMessages } from './security-messages.js';
import * as styles from './security.css.js';

type TotpSetup = Awaited<ReturnType<typeof setUpTotp>>;

/** The QR code the server drew (never a third party's), shown as an image. */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Setting up an authenticator app: scan, confirm a code, then the recovery codes, shown this once. */
export function TotpSection({ factors, onChanged }: { factors: SecondFactors; onChanged: () => void }) {
  const t = useT(securityMessages);
  const notify = useNotify();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [alert, setAlert] = useState<string[]>([]);

  const step = useMutation({
    mutationFn: (run: () => Promise<void>) => run(),
    onMutate: () => setAlert([]),
    onError: (error) => setAlert(errorTexts(error)),
  });
  const busy = step.isPending;
  const confirm = (code: string, onSettled: () => void) =>
    step.mutate(
      async () => {
        const answer = await confirmTotp(code);
        setCodes(answer.recovery_codes);
        setSetup(null);
        notify.success(t('security.totpDone'));
      },
      { onSettled },
    );

  return (
    <FactorSection id="security-totp" title={t('security.totpTitle')} alert={alert}>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => (setCodes(null), onChanged())} />
      ) : factors.totp ? (
        <p className={styles.on}>{t('security.totpOn', { count: factors.recovery_codes_left })}</p>
      ) : setup ? (
        <TotpConfirmForm setup={setup} busy={busy} onConfirm={confirm} />
      ) : (
        <>
          <p className={styles.muted}>{t('security.totpOff')}</p>
          <Button loading={busy} onClick={() => step.mutate(async () => setSetup(await setUpTotp()))}>
            {t('security.totpStart')}
          </Button>
        </>
      )}
    </FactorSection>
  );
}

/** The recovery codes a confirmed setup issued: shown once, until the user says they kept them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT(securityMessages);
  return (
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
      <Button onClick={onDone}>{t('security.codesDone')}</Button>
    </div>
  );
}

/** The new secret (QR code and text) and the first code from the app that proves it was added; the code field empties after each try. */
function TotpConfirmForm({
  setup,
  busy,
  onConfirm,
}: {
  setup: TotpSetup;
  busy: boolean;
  onConfirm: (code: string, onSettled: () => void) => void;
}) {
  const t = useT(securityMessages);
  const [code, setCode] = useState('');
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(code, () => setCode(''));
  };
  return (
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
  );
}

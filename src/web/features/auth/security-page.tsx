import { useCallback, useEffect, useState } from 'react';
import type { SecondFactors } from '../../../domain/contract/session.js';
import { ErrorAlert } from '../../components/alert.js';
import { useT } from '../../i18n/i18n.js';
import { useSession } from '../../lib/session.js';
import { findSecondFactors } from './api/second-factor.js';
import { AuthShell } from './auth-shell.js';
import { errorTexts } from './errors.js';
import { PasskeySection } from './passkey-section.js';
import { securityMessages } from './security-messages.js';
import * as styles from './security.css.js';
import { TotpSection } from './totp-section.js';
import { NotificationSection } from './notification-section.js';

/** /account/security: the account page: a payer's notification mails, a staff member's second factor (DESIGN.md sections 11, 12). */
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
        <>
          <p>{t('security.payersNone')}</p>
          <NotificationSection />
        </>
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

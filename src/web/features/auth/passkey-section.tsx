import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { SecondFactors } from '../../../domain/contract/session.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { passkeyRegistrationOptions, registerPasskey } from './api/second-factor.js';
import { errorTexts } from './errors.js';
import { FactorSection } from './factor-section.js';
import { securityMessages } from './security-messages.js';
import * as styles from './security.css.js';

/** Adding a passkey: the browser's own dialog (WebAuthn), through @simplewebauthn/browser. */
export function PasskeySection({ factors, onChanged }: { factors: SecondFactors; onChanged: () => void }) {
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
    <FactorSection id="security-passkeys" title={t('security.passkeyTitle')} alert={alert}>
      <p className={factors.passkeys > 0 ? styles.on : styles.muted}>
        {factors.passkeys > 0 ? t('security.passkeyCount', { count: factors.passkeys }) : t('security.passkeyNone')}
      </p>
      <Button variant="secondary" loading={busy} onClick={add}>
        {t('security.passkeyAdd')}
      </Button>
    </FactorSection>
  );
}

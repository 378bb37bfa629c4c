import { useEffect, useState } from 'react';
import { LOCALES, type Locale } from '../../../domain/locale.js';
import { PAYER_KINDS, type PayerKind } from '../../../domain/notifications/kinds.js';
import { ErrorAlert } from '../../components/alert.js';
import { useT } from '../../i18n/i18n.js';
import { notificationPreferences } from './api/notification-preferences.js';
import { errorTexts } from './errors.js';
import { notificationMessages } from './notification-messages.js';
import * as styles from './security.css.js';

interface Chosen {
  readonly locale: Locale;
  readonly email_off: readonly PayerKind[];
  readonly essential: readonly PayerKind[];
}

const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { 'zh-CN': '简体中文', 'en-US': 'English', 'de-DE': 'Deutsch' };

/** The payer's choice of notification mails (the essential ones stay on) and the language their notices are written in. */
export function NotificationSection() {
  const t = useT(notificationMessages);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [alert, setAlert] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    notificationPreferences().then(setChosen, (error: unknown) => setAlert(errorTexts(error)));
  }, []);
  const save = (change: { locale?: Locale; email_off?: PayerKind[] }) => {
    setSaved(false);
    notificationPreferences(change).then(
      (next) => {
        setChosen(next);
        setSaved(true);
      },
      (error: unknown) => setAlert(errorTexts(error)),
    );
  };
  if (!chosen) return <ErrorAlert texts={alert} />;
  const toggle = (kind: PayerKind, on: boolean) =>
    save({ email_off: on ? chosen.email_off.filter((off) => off !== kind) : [...chosen.email_off, kind] });
  return (
    <section className={styles.section} aria-labelledby="mails-title" data-testid="notification-preferences">
      <h2 id="mails-title" className={styles.sectionTitle}>
        {t('mails.title')}
      </h2>
      <p className={styles.muted}>{t('mails.intro')}</p>
      <ErrorAlert texts={alert} />
      {PAYER_KINDS.map((kind) => {
        const essential = chosen.essential.includes(kind);
        return (
          <label key={kind} className={styles.choice}>
            <input
              type="checkbox"
              checked={essential || !chosen.email_off.includes(kind)}
              disabled={essential}
              onChange={(event) => toggle(kind, event.target.checked)}
            />
            <span>
              {t(`mails.kind.${kind}`)}
              {essential && <span className={styles.muted}> · {t('mails.essential')}</span>}
            </span>
          </label>
        );
      })}
      <label className={styles.choice}>
        <span>{t('mails.language')}</span>
        <select value={chosen.locale} onChange={(event) => save({ locale: event.target.value as Locale })}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </select>
      </label>
      {saved && (
        <p role="status" className={styles.on}>
          {t('mails.saved')}
        </p>
      )}
    </section>
  );
}

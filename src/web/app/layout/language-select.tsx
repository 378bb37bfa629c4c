import { DropdownMenu } from 'radix-ui';
import { commonMessages } from '../../i18n/common-messages.js';
import { LOCALES, useLocale, useT, type Locale } from '../../i18n/i18n.js';
import { useNotify } from '../../components/notify.js';
import { errorText } from '../../lib/error-text.js';
import { useSession } from '../../lib/session.js';
import * as styles from './header.css.js';

const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English', 'de-DE': 'Deutsch' };

/**
 * The language menu: a radix menu like the user menu beside it, the current language ticked. A
 * signed-in user's choice is also the language their notices and mails are written in.
 */
export function LanguageSelect() {
  const { locale, setLocale } = useLocale();
  const { token } = useSession();
  const notify = useNotify();
  const t = useT(commonMessages);
  const choose = (chosen: Locale) => {
    setLocale(chosen);
    // Loaded when first used: the contract it calls would weigh on the home page of every visitor.
    if (token)
      import('./notifications/save-notice-language.js')
        .then(({ saveNoticeLanguage }) => saveNoticeLanguage(chosen))
        .catch((error: unknown) => notify.error(errorText(error)));
  };
  return (
    <DropdownMenu.Root>
      {/* The name says what the control is and, as it shows, which language is on. */}
      <DropdownMenu.Trigger
        className={styles.languageButton}
        aria-label={`${t('nav.language')}: ${LOCALE_NAMES[locale]}`}
        data-testid="language-menu"
      >
        <GlobeIcon />
        <span>{LOCALE_NAMES[locale]}</span>
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end">
          <DropdownMenu.RadioGroup value={locale} onValueChange={(value) => choose(value as Locale)}>
            {LOCALES.map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} className={styles.menuItem} lang={value}>
                <DropdownMenu.ItemIndicator className={styles.tick}>✓</DropdownMenu.ItemIndicator>
                {LOCALE_NAMES[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function GlobeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import * as styles from './footer.css.js';

export function Footer() {
  const t = useT(commonMessages);
  return (
    <footer className={styles.footer}>
      <div>{t('footer.company')}</div>
      <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" data-testid="filing-number">
        {t('footer.filing')}
      </a>
    </footer>
  );
}

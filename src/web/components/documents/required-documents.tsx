import { useT } from '../../i18n/i18n.js';
import { documentMessages } from './messages.js';
import * as styles from './required-documents.css.js';

/** SPEC.md "Public upload page": which documents the bank needs and how they must look. */
export function RequiredDocuments() {
  const t = useT(documentMessages);
  return (
    <section className={styles.required} aria-label={t('required.title')}>
      <h3 className={styles.requiredTitle}>{t('required.title')}</h3>
      <ol className={styles.requiredList}>
        <li>{t('required.passport')}</li>
        <li>{t('required.bill')}</li>
      </ol>
      <ul className={styles.rules}>
        <li>{t('required.billRule')}</li>
        <li>{t('required.pdf')}</li>
      </ul>
    </section>
  );
}

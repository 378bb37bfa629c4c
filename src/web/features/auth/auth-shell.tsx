import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n.js';
import { authMessages } from './messages.js';
import * as styles from './auth.css.js';

/** The card every account screen sits in: a brand band, the title and the content. */
export function AuthShell({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: string;
  subtitle?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const t = useT(authMessages);
  return (
    <div className={styles.page}>
      <div className={wide ? styles.cardWide : styles.card}>
        <div className={styles.band} aria-hidden="true">
          <span className={styles.bandMark}>¥→€</span>
          <span>{t('brand.tagline')}</span>
        </div>
        <div className={styles.body}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {children}
        </div>
      </div>
    </div>
  );
}

/** A success panel (registered, link sent, password reset) with its follow-up links. */
export function SuccessPanel({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className={styles.success} role="status">
      <div className={styles.successIcon} aria-hidden="true">
        ✓
      </div>
      <p className={styles.successTitle}>{title}</p>
      {text && <p className={styles.successText}>{text}</p>}
      {children && <div className={styles.successActions}>{children}</div>}
    </div>
  );
}

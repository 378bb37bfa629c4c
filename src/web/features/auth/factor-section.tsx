import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/alert.js';
import * as styles from './security.css.js';

/** One second factor's part of /account/security: its title, its errors, then what it shows. `id` also names it for tests. */
export function FactorSection({ id, title, alert, children }: { id: string; title: string; alert: string[]; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ErrorAlert texts={alert} />
      {children}
    </section>
  );
}

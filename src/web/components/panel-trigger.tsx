import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import * as styles from './panel.css.js';

/** The header button of one collapsible panel, with a chevron that turns when open. */
export function PanelTrigger({ children }: { children: ReactNode }) {
  return (
    <Accordion.Header className={styles.header}>
      <Accordion.Trigger className={styles.trigger}>
        <span>{children}</span>
        <svg className={styles.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Accordion.Trigger>
    </Accordion.Header>
  );
}

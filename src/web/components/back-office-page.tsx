import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import * as styles from './page-parts.css.js';

/** What a role that may not open a back-office page sees instead of it. */
export function RefusedPage({
  title,
  titleClassName,
  testId,
  children,
}: {
  title: string;
  titleClassName: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.notice} role="alert" data-testid={testId}>
        <h1 className={titleClassName}>{title}</h1>
        {children}
      </div>
    </div>
  );
}

export interface TabPanel {
  readonly value: string;
  readonly label: ReactNode;
  readonly panel: ReactNode;
  /** Added to the trigger's own look. */
  readonly triggerClassName?: string;
}

/** A back-office page's tabs: a trigger each (test id `tab-<value>`), then their panels. */
export function TabPanels({ tabs, defaultValue, label }: { tabs: readonly TabPanel[]; defaultValue: string; label: string }) {
  return (
    <Tabs.Root defaultValue={defaultValue}>
      <Tabs.List className={styles.tabList} aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={tab.triggerClassName ? `${styles.tab} ${tab.triggerClassName}` : styles.tab}
            data-testid={`tab-${tab.value}`}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

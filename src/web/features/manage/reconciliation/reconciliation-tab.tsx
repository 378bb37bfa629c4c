import type { BackOfficeAccess } from '../access.js';
import { EntriesPanel } from './entries-panel.js';
import { ImportPanel } from './import-panel.js';
import * as styles from './reconciliation.css.js';

/** The back office's reconciliation (DESIGN.md section 10): import a statement (admins), then work through its entries. */
export function ReconciliationTab({ access }: { access: BackOfficeAccess }) {
  return (
    <div className={styles.tab} data-testid="reconciliation">
      {access.change && <ImportPanel />}
      <EntriesPanel editable={access.change} />
    </div>
  );
}

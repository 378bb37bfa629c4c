import type { AuditHistoryEntry } from '../../../../domain/contract/audit.js';
import * as styles from './audit.css.js';

/** The fields an event changed, before → after (∅ for none). */
export function ChangeList({ changes }: { changes: AuditHistoryEntry['changes'] }) {
  return (
    <ul className={styles.changes}>
      {changes.map((change) => (
        <li key={change.field} className={styles.change}>
          {change.field}: {change.before ?? '∅'} → {change.after ?? '∅'}
        </li>
      ))}
    </ul>
  );
}

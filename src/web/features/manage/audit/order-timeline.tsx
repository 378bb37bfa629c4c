import type { AuditHistoryEntry } from '../../../../domain/contract/audit.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { useStatusText } from '../status-label.js';
import * as styles from './audit.css.js';
import { ChangeList } from './change-list.js';
import { auditMessages } from './messages.js';

const statusOrNone = (status: number | null, text: (status: number) => string, none: string) => (status === null ? none : text(status));

/** Every event of the stream: who, when, from which status to which, what changed; picking one shows the order as it stood then. */
export function OrderTimeline({
  events,
  current,
  onPick,
}: {
  events: readonly AuditHistoryEntry[];
  current: string;
  onPick: (revision: string) => void;
}) {
  const t = useT(auditMessages);
  const format = useFormat();
  const statusText = useStatusText();
  return (
    <section aria-label={t('timeline.title', { count: events.length })}>
      <h2>{t('timeline.title', { count: events.length })}</h2>
      <ol className={styles.timeline} data-testid="timeline">
        {events.map((event) => (
          <li key={event.revision} className={styles.entry} data-testid="timeline-entry" data-revision={event.revision}>
            <button
              type="button"
              className={styles.entryButton}
              aria-current={event.revision === current ? 'step' : undefined}
              onClick={() => onPick(event.revision)}
            >
              <span className={styles.entryHead}>
                <span className={styles.small}>{t('timeline.revision', { revision: event.revision })}</span>
                <span className={styles.entryType}>{event.type}</span>
                <span className={styles.small}>{format.dateTime(event.occurred_at)}</span>
              </span>
              <span className={styles.small}>{t('timeline.by', { name: event.actor.name, role: event.actor.role })}</span>
              {event.status_before !== event.status_after && (
                <span className={styles.small}>
                  {' · '}
                  {t('timeline.status', {
                    from: statusOrNone(event.status_before, statusText, t('timeline.none')),
                    to: statusOrNone(event.status_after, statusText, t('timeline.none')),
                  })}
                </span>
              )}
            </button>
            {event.changes.length > 0 && (
              <details>
                <summary className={styles.small}>{t('timeline.changes', { count: event.changes.length })}</summary>
                <ChangeList changes={event.changes} />
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

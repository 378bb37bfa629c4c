import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n.js';
import type { ApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/error-text.js';
import { useFormat } from '../../../lib/use-format.js';
import { settingsHistoryQuery } from './api/settings-history.js';
import * as styles from './audit.css.js';
import { ChangeList } from './change-list.js';
import { auditMessages } from './messages.js';

function StreamHistory({ stream }: { stream: 'markups' | 'notice' }) {
  const t = useT(auditMessages);
  const format = useFormat();
  const history = useQuery(settingsHistoryQuery(stream));
  const none = (history.error as ApiError | null)?.code === 'audit_stream_not_found';
  return (
    <section data-testid={`settings-${stream}`}>
      <h3>{t(`settings.${stream}`)}</h3>
      {none ? (
        <p className={styles.small}>{t('settings.none')}</p>
      ) : !history.data ? (
        <p aria-busy={history.isPending}>{history.isError ? errorText(history.error) : '…'}</p>
      ) : (
        <ol className={styles.timeline}>
          {[...history.data.events].reverse().map((event) => (
            <li key={event.revision} className={styles.entry}>
              <span className={styles.small}>
                {format.dateTime(event.occurred_at)} · {t('timeline.by', { name: event.actor.name, role: event.actor.role })}
              </span>
              <ChangeList changes={event.changes} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Which markup and notice were in force when: the history of their streams. */
export function SettingsHistory() {
  const t = useT(auditMessages);
  return (
    <section aria-label={t('settings.title')}>
      <h2>{t('settings.title')}</h2>
      <StreamHistory stream="markups" />
      <StreamHistory stream="notice" />
    </section>
  );
}

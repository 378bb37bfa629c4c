import type { z } from 'zod';
import type { statementEntryView } from '../../../../domain/contract/funds.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import * as manageStyles from '../manage.css.js';
import { MatchDialog, ReturnDialog } from './entry-dialogs.js';
import { reconciliationMessages } from './messages.js';
import * as styles from './reconciliation.css.js';

export type StatementEntry = z.infer<typeof statementEntryView>;
type Texts = (typeof reconciliationMessages)['zh-CN'];

/** Why an entry is unmatched in words (a code the page knows), or the person's own reason as it is. */
function useWhy() {
  const t = useT(reconciliationMessages);
  return (reason: string) => (`why.${reason}` in reconciliationMessages['zh-CN'] ? t(`why.${reason}` as keyof Texts) : reason);
}

/** One statement entry as a card (it reads the same at 375 px): amount, payer, postscript, the order or why none, and the actions. */
export function EntryCard({ entry, editable }: { entry: StatementEntry; editable: boolean }) {
  const t = useT(reconciliationMessages);
  const format = useFormat();
  const why = useWhy();
  return (
    <li className={manageStyles.entryItem} data-testid="statement-entry">
      <div className={manageStyles.entryHead}>
        <strong className={manageStyles.nowrap}>{format.money(entry.amount_cny, 'CNY')}</strong>
        <span className={manageStyles.muted}>{entry.entry_ref}</span>
      </div>
      <dl className={styles.entryFields}>
        <dt className={manageStyles.muted}>{t('entry.payer')}</dt>
        <dd>{[entry.payer_name, entry.payer_account].filter(Boolean).join(' · ') || '—'}</dd>
        <dt className={manageStyles.muted}>{t('entry.postscript')}</dt>
        <dd>{entry.postscript || '—'}</dd>
        <dt className={manageStyles.muted}>{t('entry.booked')}</dt>
        <dd>{format.date(entry.booking_date)}</dd>
        {entry.order_no && (
          <>
            <dt className={manageStyles.muted}>{t('entry.order')}</dt>
            <dd>{entry.order_no}</dd>
          </>
        )}
        {entry.reason && (
          <>
            <dt className={manageStyles.muted}>{t('entry.why')}</dt>
            <dd data-testid="entry-why">{why(entry.reason)}</dd>
          </>
        )}
      </dl>
      {editable && entry.state === 'unmatched' && (
        <div className={manageStyles.targets}>
          <MatchDialog entry={entry} />
          <ReturnDialog entry={entry} />
        </div>
      )}
    </li>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/form.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { saveJson } from '../../../lib/download-file.js';
import { errorText } from '../../../lib/error-text.js';
import { AsOfView } from './as-of-view.js';
import { fetchEvidencePack } from './api/evidence-pack.js';
import { orderHistoryQuery } from './api/order-history.js';
import * as styles from './audit.css.js';
import { auditMessages } from './messages.js';
import { OrderTimeline } from './order-timeline.js';
import { SettingsHistory } from './settings-history.js';
import { VerificationBadges } from './verification-badges.js';

function EvidenceButton({ id }: { id: string }) {
  const t = useT(auditMessages);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveJson(await fetchEvidencePack(id), `evidence-${id}.json`);
      notify.success(t('evidence.saved'));
    } catch (error) {
      notify.hint(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="secondary" loading={busy} onClick={() => void download()} data-testid="evidence-download">
      {t('evidence.download')}
    </Button>
  );
}

function OrderAudit({ id }: { id: string }) {
  const history = useQuery(orderHistoryQuery(id));
  const [picked, setPicked] = useState<string | null>(null);
  if (!history.data) return <p aria-busy={history.isPending}>{history.isError ? errorText(history.error) : '…'}</p>;
  const { events, verification } = history.data;
  const revision = picked ?? events.at(-1)!.revision;
  return (
    <div data-testid="order-audit">
      <VerificationBadges verification={verification} />
      <EvidenceButton id={id} />
      <div className={styles.layout}>
        <OrderTimeline events={events} current={revision} onPick={setPicked} />
        <AsOfView id={id} revision={revision} last={events.length - 1} onPick={setPicked} />
      </div>
    </div>
  );
}

/**
 * The audit tab of /manage (admins and auditors): an order's history replayed from its stream,
 * what the audit finds about it, its evidence pack; and the history of markups and notice.
 */
export function AuditTab() {
  const t = useT(auditMessages);
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [id, setId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setId(draft.trim());
  };
  return (
    <div data-testid="audit-tab">
      <form className={styles.finder} onSubmit={submit} role="search">
        <label htmlFor={inputId} className={styles.small}>
          {t('find.label')}
        </label>
        <input
          id={inputId}
          className={styles.finderInput}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('find.placeholder')}
          data-testid="audit-order-id"
        />
        <Button type="submit" data-testid="audit-find">
          {t('find.submit')}
        </Button>
      </form>
      {id === '' ? <p className={styles.small}>{t('find.empty')}</p> : <OrderAudit key={id} id={id} />}
      <SettingsHistory />
    </div>
  );
}

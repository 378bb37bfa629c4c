import { useQuery } from '@tanstack/react-query';
import { VisuallyHidden } from 'radix-ui';
import { useState } from 'react';
import { APPROVAL_STATES, type ApprovalState } from '../../../../domain/reference/approvals.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { useSession } from '../../../lib/session.js';
import type { BackOfficeAccess } from '../access.js';
import { approvalsQuery } from '../api/approvals.js';
import { statisticQuery } from '../api/statistic.js';
import { ApprovalCard } from './approval-card.js';
import * as styles from './approvals.css.js';
import { approvalMessages } from './messages.js';

/** The tab's name with the number of proposals waiting (from the statistics), when there are any. */
export function ApprovalsTabLabel() {
  const t = useT(approvalMessages);
  const pending = useQuery(statisticQuery()).data?.approvals_pending ?? 0;
  return (
    <>
      {t('tab.approvals')}
      {pending > 0 && (
        <>
          <span className={styles.countBadge} data-testid="approvals-badge" aria-hidden="true">
            {pending}
          </span>
          {/* A bare number says nothing to a screen reader: it hears "2 pending". */}
          <VisuallyHidden.Root> {t('tab.pendingCount', { count: pending })}</VisuallyHidden.Root>
        </>
      )}
    </>
  );
}

/**
 * Four eyes (DESIGN.md section 12): the proposals waiting for a second admin, and the decided
 * ones. Admins approve or reject; auditors read.
 */
export function ApprovalsTab({ access }: { access: BackOfficeAccess }) {
  const t = useT(approvalMessages);
  const { user } = useSession();
  const [state, setState] = useState<ApprovalState>('pending');
  const approvals = useQuery(approvalsQuery(state));
  return (
    <section data-testid="approvals">
      <div className={styles.states} role="group" aria-label={t('states.label')}>
        {APPROVAL_STATES.map((value) => (
          <button
            key={value}
            type="button"
            className={styles.stateButton}
            aria-pressed={state === value}
            onClick={() => setState(value)}
            data-testid={`approvals-state-${value}`}
          >
            {t(`state.${value}`)}
          </button>
        ))}
      </div>
      {!approvals.data ? (
        <p aria-busy={approvals.isPending}>{approvals.isError ? errorText(approvals.error) : t('loading')}</p>
      ) : approvals.data.length === 0 ? (
        <p data-testid="approvals-empty">{t(`empty.${state}`)}</p>
      ) : (
        <ul className={styles.list} aria-label={t(`state.${state}`)}>
          {approvals.data.map((approval) => (
            <ApprovalCard key={approval.id} approval={approval} decide={access.decide} userId={user?.id} />
          ))}
        </ul>
      )}
    </section>
  );
}

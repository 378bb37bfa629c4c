import type { ApprovalView } from '../../../../domain/contract/manage.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import * as manageStyles from '../manage.css.js';
import { ApproveControl } from './approve-control.js';
import * as styles from './approvals.css.js';
import { useChangeText } from './change-text.js';
import { approvalMessages } from './messages.js';
import { RejectDialog } from './reject-dialog.js';

/** Who decided, when, and why it was rejected. */
function Decision({ approval }: { approval: ApprovalView }) {
  const t = useT(approvalMessages);
  const format = useFormat();
  if (!approval.decided_by) return null;
  const time = format.dateTime(approval.decided_at);
  return (
    <>
      <p className={styles.meta} data-testid="approval-decided">
        {t(approval.state === 'rejected' ? 'rejectedBy' : 'approvedBy', { name: approval.decided_by.name, time })}
      </p>
      {approval.reason && (
        <p className={styles.reason} data-testid="approval-reason">
          {t('reason', { reason: approval.reason })}
        </p>
      )}
    </>
  );
}

/**
 * One proposal: what it changes, each field before → after, who proposed it and when; decided
 * ones say who decided. An admin deciding a pending one gets Approve and Reject.
 */
export function ApprovalCard({ approval, decide, userId }: { approval: ApprovalView; decide: boolean; userId: number | undefined }) {
  const t = useT(approvalMessages);
  const format = useFormat();
  const text = useChangeText();
  const target = text.target(approval);
  return (
    <li className={styles.card} data-testid="approval" data-state={approval.state} aria-labelledby={`approval-${approval.id}`}>
      <div className={styles.head}>
        <h3 className={styles.kind} id={`approval-${approval.id}`}>
          {approval.target.label
            ? t('heading', { kind: t(`kind.${approval.kind}`), target: approval.target.label })
            : t(`kind.${approval.kind}`)}
        </h3>
        <span className={styles.stateBadge[approval.state]}>{t(`state.${approval.state}`)}</span>
      </div>
      <dl className={styles.changes} aria-label={t('changes')}>
        {approval.changes.map((change) => (
          <div key={change.field} className={manageStyles.contents} data-testid="approval-change" data-field={change.field}>
            <dt className={styles.field}>{text.fieldName(approval.kind, change.field)}</dt>
            <dd className={styles.values}>
              <span className={styles.before}>{text.value(approval.kind, change.field, change.before)}</span>
              <span className={styles.afterLine}>
                <span className={styles.arrow} aria-hidden="true">
                  →
                </span>
                <span className={styles.after}>{text.value(approval.kind, change.field, change.after)}</span>
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.meta} data-testid="approval-proposed">
        {t('proposed', { name: approval.proposed_by.name, time: format.dateTime(approval.proposed_at) })}
      </p>
      <Decision approval={approval} />
      {decide && approval.state === 'pending' && (
        <div className={styles.actions}>
          <ApproveControl id={approval.id} target={target} own={approval.proposed_by.id === userId} />
          <RejectDialog id={approval.id} />
        </div>
      )}
    </li>
  );
}

import type { ComponentType, ReactNode } from 'react';
import * as formStyles from '../../../components/form.css.js';
import { useT } from '../../../i18n/i18n.js';
import * as manageStyles from '../manage.css.js';
import * as styles from './approvals.css.js';
import { approvalMessages } from './messages.js';

/** A proposal's button: the form's look, a finger's size on a phone. */
export const actionClass = (variant: 'primary' | 'secondary') => `${formStyles.button[variant]} ${styles.action}`;

/**
 * An approval dialog's two buttons: cancel (closing it through `Close`, the dialog kind's own
 * close part) and the action, which submits the form unless it has an `onClick`. Both are held
 * while the action runs.
 */
export function DialogButtons({
  Close,
  busy,
  label,
  testId,
  onClick,
}: {
  Close: ComponentType<{ asChild: boolean; children: ReactNode }>;
  busy: boolean;
  label: string;
  testId: string;
  onClick?: () => void;
}) {
  const t = useT(approvalMessages);
  return (
    <div className={manageStyles.dialogActions}>
      <Close asChild>
        <button type="button" className={actionClass('secondary')} disabled={busy}>
          {t('cancel')}
        </button>
      </Close>
      <button
        type={onClick ? 'button' : 'submit'}
        className={actionClass('primary')}
        onClick={onClick}
        disabled={busy}
        aria-busy={busy}
        data-testid={testId}
      >
        {label}
      </button>
    </div>
  );
}

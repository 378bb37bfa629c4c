import type { AlertDialog, Dialog } from 'radix-ui';
import type { ComponentType, ReactElement, ReactNode } from 'react';
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

/** The parts of a dialog kind: a plain dialog (reject asks for a reason) or an alert dialog (approve confirms). */
type DialogParts = typeof Dialog | typeof AlertDialog;

/** An approval's dialog: its trigger, then the overlay, the box, the title and what it asks; `children` below. */
export function ApprovalDialog({
  parts: Parts,
  open,
  onOpenChange,
  trigger,
  testId,
  title,
  description,
  children,
}: {
  parts: DialogParts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
  testId: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Parts.Root open={open} onOpenChange={onOpenChange}>
      <Parts.Trigger asChild>{trigger}</Parts.Trigger>
      <Parts.Portal>
        <Parts.Overlay className={manageStyles.overlay} />
        <Parts.Content className={manageStyles.dialog} data-testid={testId}>
          <Parts.Title className={manageStyles.dialogTitle}>{title}</Parts.Title>
          <Parts.Description className={styles.dialogText}>{description}</Parts.Description>
          {children}
        </Parts.Content>
      </Parts.Portal>
    </Parts.Root>
  );
}

import { useMutation } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import * as formStyles from '../../../components/form.css.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { approveProposalMutation } from '../api/approve-proposal.js';
import * as manageStyles from '../manage.css.js';
import * as styles from './approvals.css.js';
import { approvalMessages } from './messages.js';

/**
 * Approve, after a confirmation naming what takes effect. On one's own proposal the button is
 * disabled and says why (the server refuses it too: approval_own_proposal).
 */
export function ApproveControl({ id, target, own }: { id: string; target: string; own: boolean }) {
  const t = useT(approvalMessages);
  const notify = useNotify();
  const noteId = useId();
  const [open, setOpen] = useState(false);
  const approve = useMutation(approveProposalMutation());
  const confirm = () =>
    approve.mutate(id, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setOpen(false);
      },
      onError: (error) => {
        notify.hint(errorText(error));
        setOpen(false);
      },
    });
  if (own) {
    return (
      <>
        <button
          type="button"
          className={`${formStyles.button.primary} ${styles.action}`}
          disabled
          aria-describedby={noteId}
          data-testid="approval-approve"
        >
          {t('approve')}
        </button>
        <p id={noteId} className={styles.ownNote} data-testid="approval-own">
          {t('ownProposal')}
        </p>
      </>
    );
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !approve.isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <button type="button" className={`${formStyles.button.primary} ${styles.action}`} data-testid="approval-approve">
          {t('approve')}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={manageStyles.overlay} />
        <AlertDialog.Content className={manageStyles.dialog} data-testid="approve-dialog">
          <AlertDialog.Title className={manageStyles.dialogTitle}>{t('confirmTitle')}</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogText}>{t('confirmText', { target })}</AlertDialog.Description>
          <div className={manageStyles.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button" className={`${formStyles.button.secondary} ${styles.action}`} disabled={approve.isPending}>
                {t('cancel')}
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className={`${formStyles.button.primary} ${styles.action}`}
              onClick={confirm}
              disabled={approve.isPending}
              aria-busy={approve.isPending}
              data-testid="approve-confirm"
            >
              {t('confirmApprove')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import { useMutation } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { approveProposalMutation } from '../api/approve-proposal.js';
import * as styles from './approvals.css.js';
import { actionClass, ApprovalDialog, DialogButtons } from './approval-dialog.js';
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
        <button type="button" className={actionClass('primary')} disabled aria-describedby={noteId} data-testid="approval-approve">
          {t('approve')}
        </button>
        <p id={noteId} className={styles.ownNote} data-testid="approval-own">
          {t('ownProposal')}
        </p>
      </>
    );
  }
  return (
    <ApprovalDialog
      parts={AlertDialog}
      open={open}
      onOpenChange={(next) => !approve.isPending && setOpen(next)}
      trigger={
        <button type="button" className={actionClass('primary')} data-testid="approval-approve">
          {t('approve')}
        </button>
      }
      testId="approve-dialog"
      title={t('confirmTitle')}
      description={t('confirmText', { target })}
    >
      <DialogButtons
        Close={AlertDialog.Cancel}
        busy={approve.isPending}
        label={t('confirmApprove')}
        testId="approve-confirm"
        onClick={confirm}
      />
    </ApprovalDialog>
  );
}

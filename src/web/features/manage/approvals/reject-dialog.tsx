import { useMutation } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { rejectApprovalPayload } from '../../../../domain/reference/approvals.js';
import { Field } from '../../../components/form.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { useDomainForm } from '../../../lib/use-domain-form.js';
import { rejectProposalMutation } from '../api/reject-proposal.js';
import * as styles from './approvals.css.js';
import { actionClass, ApprovalDialog, DialogButtons } from './approval-dialog.js';
import { approvalMessages } from './messages.js';

/** The reason alone: the domain's rule for it (required, at most REJECTION_REASON_MAX characters). */
const reasonSchema = rejectApprovalPayload.pick({ reason: true });

function RejectForm({ id, onDone }: { id: string; onDone: () => void }) {
  const t = useT(approvalMessages);
  const notify = useNotify();
  const fieldId = useId();
  const reject = useMutation(rejectProposalMutation());
  const form = useDomainForm(reasonSchema, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    reject.mutate(
      { id, reason },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onDone();
        },
        onError: (error) => {
          if (!form.showServerErrors(error)) notify.hint(errorText(error));
        },
      },
    ),
  );
  const error = form.errorText('reason');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Field label={t('rejectReason')} htmlFor={fieldId} error={error}>
        <textarea
          id={fieldId}
          className={styles.textarea}
          {...form.bind('reason')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          required
          data-testid="reject-reason"
        />
      </Field>
      <DialogButtons Close={Dialog.Close} busy={reject.isPending} label={t('rejectSubmit')} testId="reject-submit" />
    </form>
  );
}

/** Reject asks for the reason (required); the form is new each time the dialog opens. */
export function RejectDialog({ id }: { id: string }) {
  const t = useT(approvalMessages);
  const [open, setOpen] = useState(false);
  return (
    <ApprovalDialog
      parts={Dialog}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={actionClass('secondary')} data-testid="approval-reject">
          {t('reject')}
        </button>
      }
      testId="reject-dialog"
      title={t('rejectTitle')}
      description={t('rejectText')}
    >
      {open && <RejectForm id={id} onDone={() => setOpen(false)} />}
    </ApprovalDialog>
  );
}

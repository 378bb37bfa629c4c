import { useMutation } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { ManageOrderDetail } from '../../../domain/contract/manage.js';
import { DialogFrame } from '../../components/dialog-frame.js';
import { Button, Field } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { setStatusMutation } from './api/orders.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { orderPageMessages } from './order/messages.js';
import { statusChangeMachine } from './status-change-machine.js';
import { useStatusText } from './status-label.js';

/** The reason asked before a status changes (required: it stays in the order's history). */
function ReasonForm({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const t = useT(manageMessages);
  const to = useT(orderPageMessages);
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label={to('status.reason')} htmlFor={id} hint={to('status.reasonHint')} error={missing ? to('form.required') : null}>
        <textarea
          id={id}
          className={styles.textarea}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          data-testid="status-reason"
        />
      </Field>
      <div className={styles.dialogActions}>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {t('order.cancel')}
        </Button>
        <Button type="submit" loading={busy} data-testid="status-confirm-button">
          {to('status.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The admin's status control: exactly the targets the order machine allows from the order's
 * current status (`settable_statuses`, asked from the machine by the server for this order), then
 * a dialog asking the reason, saved through statusChangeMachine.
 */
export function StatusControl({ order }: { order: ManageOrderDetail }) {
  const t = useT(manageMessages);
  const to = useT(orderPageMessages);
  const notify = useNotify();
  const statusText = useStatusText();
  const { mutateAsync } = useMutation(setStatusMutation());
  const [state, send] = useMachine(
    statusChangeMachine.provide({
      actors: {
        save: fromPromise<unknown, { status: number; reason: string }>(async ({ input }) => {
          const answer = await mutateAsync({ id: order.id, status: input.status, reason: input.reason, kind: order.kind });
          notify.success(answer.message);
        }),
      },
    }),
  );
  const { error, target } = state.context;
  useEffect(() => {
    if (error) notify.hint(errorText(error));
  }, [error, notify]);

  if (order.settable_statuses.length === 0) return <p className={styles.muted}>{t('order.noTargets')}</p>;
  const asking = state.matches('confirming') || state.matches('saving');
  return (
    <>
      <div className={styles.targets} role="group" aria-label={t('order.statusControl')} data-testid="status-targets">
        {order.settable_statuses.map((status) => (
          <button
            key={status}
            type="button"
            className={styles.actionButton}
            onClick={() => send({ type: 'choose', status })}
            data-testid={`set-status-${status}`}
          >
            {t('order.setTo', { status: statusText(status) })}
          </button>
        ))}
      </div>
      <DialogFrame
        title={to('status.title', { status: statusText(target ?? -1) })}
        testId="status-confirm"
        open={asking}
        onOpenChange={(open) => !open && !state.matches('saving') && send({ type: 'cancel' })}
      >
        {asking && (
          <ReasonForm
            busy={state.matches('saving')}
            onConfirm={(reason) => send({ type: 'confirm', reason })}
            onCancel={() => send({ type: 'cancel' })}
          />
        )}
      </DialogFrame>
    </>
  );
}

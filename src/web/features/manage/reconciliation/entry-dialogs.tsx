import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DialogCloseButton, DialogFrame } from '../../../components/dialog-frame.js';
import { Button, Field, inputClass } from '../../../components/form.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { useFormat } from '../../../lib/use-format.js';
import * as manageStyles from '../manage.css.js';
import { isProposal } from '../proposal.js';
import { assignEntryMutation, returnEntryMutation } from './api/entry-actions.js';
import { reconciliationMessages } from './messages.js';
import type { StatementEntry } from './entry-card.js';

type Texts = (typeof reconciliationMessages)['zh-CN'];

/** A dialog's form: the order (matching only) and the reason, both required; `send` answers the server's message. */
function ReasonForm({
  withOrder,
  submitLabel,
  busy,
  onSend,
}: {
  withOrder: boolean;
  submitLabel: string;
  busy: boolean;
  onSend: (values: { order: string; reason: string }) => void;
}) {
  const t = useT(reconciliationMessages);
  const id = useId();
  const [values, setValues] = useState({ order: '', reason: '' });
  const [tried, setTried] = useState(false);
  const missing = (name: 'order' | 'reason') => tried && values[name].trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if ((withOrder && values.order.trim() === '') || values.reason.trim() === '') return;
    onSend({ order: values.order.trim(), reason: values.reason.trim() });
  };
  const bind = (name: 'order' | 'reason') => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
    'aria-invalid': missing(name) ? true : undefined,
    'data-testid': `entry-${name}`,
  });
  return (
    <form onSubmit={submit} noValidate>
      {withOrder && (
        <Field label={t('match.order')} htmlFor={`${id}-order`} error={missing('order') ? t('required') : null}>
          <input className={inputClass} autoComplete="off" maxLength={64} {...bind('order')} />
        </Field>
      )}
      <Field label={t('match.reason')} htmlFor={`${id}-reason`} error={missing('reason') ? t('required') : null}>
        <textarea className={manageStyles.textarea} maxLength={500} {...bind('reason')} />
      </Field>
      <div className={manageStyles.dialogActions}>
        <DialogCloseButton>{t('cancel')}</DialogCloseButton>
        <Button type="submit" loading={busy} data-testid="entry-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A dialog on one entry: its trigger, the form, then the server's answer (a proposal's message) in place of the form. */
function EntryDialog({ entry, kind }: { entry: StatementEntry; kind: 'match' | 'return' }) {
  const t = useT(reconciliationMessages);
  const format = useFormat();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const assign = useMutation(assignEntryMutation());
  const giveBack = useMutation(returnEntryMutation());
  const amount = format.money(entry.amount_cny, 'CNY');
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setSaid(null);
  };
  const done = (answer: { message: string }) => {
    if (isProposal(answer)) return setSaid(answer.message);
    notify.success(answer.message);
    change(false);
  };
  const fail = (error: unknown) => notify.hint(errorText(error));
  const send = ({ order, reason }: { order: string; reason: string }) =>
    kind === 'match'
      ? assign.mutate({ entry_ref: entry.entry_ref, order_id: order, reason }, { onSuccess: done, onError: fail })
      : giveBack.mutate({ entry_ref: entry.entry_ref, reason }, { onSuccess: done, onError: fail });
  const key = (name: 'open' | 'title' | 'submit') => `${kind}.${name}` as keyof Texts;
  return (
    <DialogFrame
      title={t(key('title'), { amount, payer: entry.payer_name || '—' })}
      testId={`${kind}-dialog`}
      open={open}
      onOpenChange={change}
      trigger={
        <button type="button" className={manageStyles.actionButton} data-testid={`entry-${kind}`}>
          {t(key('open'))}
        </button>
      }
    >
      {said ? (
        <>
          <p className={manageStyles.notice} role="status" data-testid="entry-answer">
            {said}
          </p>
          <div className={manageStyles.dialogActions}>
            <DialogCloseButton>{t('close')}</DialogCloseButton>
          </div>
        </>
      ) : (
        open && (
          <ReasonForm
            withOrder={kind === 'match'}
            submitLabel={t(key('submit'))}
            busy={assign.isPending || giveBack.isPending}
            onSend={send}
          />
        )
      )}
    </DialogFrame>
  );
}

export const MatchDialog = ({ entry }: { entry: StatementEntry }) => <EntryDialog entry={entry} kind="match" />;
export const ReturnDialog = ({ entry }: { entry: StatementEntry }) => <EntryDialog entry={entry} kind="return" />;

import { useMutation } from '@tanstack/react-query';
import { Decimal } from 'decimal.js';
import { useId, useState, type FormEvent } from 'react';
import type { ManageOrderDetail } from '../../../../domain/contract/manage.js';
import { cnyInput } from '../../../../domain/contract/funds.js';
import { DialogCloseButton, DialogFrame } from '../../../components/dialog-frame.js';
import { Button, Field, inputClass } from '../../../components/form.js';
import { useNotify } from '../../../components/notify.js';
import { useLocale, useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { plainAmount } from '../../../lib/locale-amount.js';
import { useFormat } from '../../../lib/use-format.js';
import { refundMutation } from '../api/refund.js';
import * as styles from '../manage.css.js';
import { isProposal } from '../proposal.js';
import { orderPageMessages } from './messages.js';

interface RefundValues {
  readonly amount: string;
  readonly reference: string;
  readonly reason: string;
}
type Problems = Partial<Record<keyof RefundValues, string>>;

/** What is wrong with the typed refund, in the reader's words: an amount within the refundable balance, the bank's reference, a reason. */
function useRefundCheck(refundable: string) {
  const t = useT(orderPageMessages);
  const { locale } = useLocale();
  const format = useFormat();
  return (values: RefundValues): { problems: Problems; amount: string | null } => {
    const amount = plainAmount(values.amount, locale);
    const problems: Problems = {};
    if (amount === null || !cnyInput.safeParse(amount).success) problems.amount = t('form.amountInvalid');
    else if (new Decimal(amount).greaterThan(refundable))
      problems.amount = t('refund.tooMuch', { amount: format.money(refundable, 'CNY') });
    if (values.reference.trim() === '') problems.reference = t('form.required');
    if (values.reason.trim() === '') problems.reason = t('form.required');
    return { problems, amount };
  };
}

function RefundForm({ order, onDone, onProposal }: { order: ManageOrderDetail; onDone: () => void; onProposal: (text: string) => void }) {
  const t = useT(orderPageMessages);
  const notify = useNotify();
  const id = useId();
  const refund = useMutation(refundMutation());
  const check = useRefundCheck(order.funds.refundable_cny);
  const [values, setValues] = useState<RefundValues>({ amount: '', reference: '', reason: '' });
  const [problems, setProblems] = useState<Problems>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(values);
    setProblems(checked.problems);
    if (Object.keys(checked.problems).length > 0 || checked.amount === null) return;
    const request = { id: order.id, amount_cny: checked.amount, reference: values.reference.trim(), reason: values.reason.trim() };
    refund.mutate(request, {
      onSuccess: (answer) => {
        if (isProposal(answer)) return onProposal(t('refund.proposal', { message: answer.message }));
        notify.success(answer.message);
        onDone();
      },
      onError: (error) => notify.hint(errorText(error)),
    });
  };
  const field = (name: keyof RefundValues) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-error` : undefined,
    'data-testid': `refund-${name}`,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('refund.amount')} htmlFor={`${id}-amount`} error={problems.amount}>
        <input className={inputClass} inputMode="decimal" autoComplete="off" {...field('amount')} />
      </Field>
      <Field label={t('refund.reference')} htmlFor={`${id}-reference`} error={problems.reference}>
        <input className={inputClass} autoComplete="off" maxLength={100} {...field('reference')} />
      </Field>
      <Field label={t('refund.reason')} htmlFor={`${id}-reason`} error={problems.reason}>
        <textarea className={styles.textarea} maxLength={500} {...field('reason')} />
      </Field>
      <div className={styles.dialogActions}>
        <DialogCloseButton>{t('refund.cancel')}</DialogCloseButton>
        <Button type="submit" loading={refund.isPending} data-testid="refund-submit">
          {t('refund.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Records a refund of up to the refundable balance; above the approval limit the answer is a proposal, said in the dialog. */
export function RefundDialog({ order }: { order: ManageOrderDetail }) {
  const t = useT(orderPageMessages);
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [proposal, setProposal] = useState<string | null>(null);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setProposal(null);
  };
  return (
    <DialogFrame
      title={t('refund.title')}
      testId="refund-dialog"
      open={open}
      onOpenChange={change}
      trigger={
        <Button type="button" variant="secondary" data-testid="refund-open">
          {t('refund.open')}
        </Button>
      }
    >
      <p className={styles.muted}>{t('refund.refundable', { amount: format.money(order.funds.refundable_cny, 'CNY') })}</p>
      {proposal ? (
        <>
          <p className={styles.notice} role="status" data-testid="refund-proposal">
            {proposal}
          </p>
          <div className={styles.dialogActions}>
            <DialogCloseButton>{t('refund.close')}</DialogCloseButton>
          </div>
        </>
      ) : (
        open && <RefundForm order={order} onDone={() => change(false)} onProposal={setProposal} />
      )}
    </DialogFrame>
  );
}

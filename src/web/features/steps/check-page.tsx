import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { OrderView } from '../../../domain/contract/order.js';
import { useT } from '../../i18n/i18n.js';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useFormat } from '../../lib/use-format.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { orderQuery } from './api/find-order.js';
import { updateCheckMutation } from './api/update-check.js';
import { stepMessages } from './messages.js';
import { LoadFailed, Loading, MissingOrderId, StepActions, StepFrame } from './parts/step-frame.js';
import * as styles from './steps.css.js';

const joined = (...parts: (string | null | undefined)[]) => parts.map((part) => part?.trim() ?? '').filter(Boolean).join(' ');

function Summary({ order }: { order: OrderView }) {
  const t = useT(stepMessages);
  const format = useFormat();
  const rows: [string, string, string][] = [
    ['amount', t('check.amount'), format.money(order.amount, order.currency)],
    ['institution', t('check.institution'), order.resource_name],
    ['reference', t('accept.reference'), order.accept_reference],
    ['remittance', t('check.reference'), order.accept_remittance],
    ['patient-name', t('check.patientName'), `${order.student_last_name ?? ''}${order.student_first_name ?? ''}`],
    ['patient-pinyin', t('check.patientPinyin'), joined(order.student_last_name_pinyin, order.student_first_name_pinyin)],
    ['email', t('check.email'), order.student_email],
    ['phone', t('check.phone'), order.payer_phone ? joined(order.payer_code || '+86', order.payer_phone) : ''],
  ];
  return (
    <dl className={styles.summary}>
      {rows.map(([key, term, value]): ReactNode => (
        <div key={key} className={styles.summaryRow} data-testid={`summary-${key}`}>
          <dt className={styles.summaryTerm}>{term}</dt>
          <dd className={styles.summaryValue}>{value ? value : <span className={styles.summaryEmpty}>{t('check.empty')}</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function CheckForm({ id }: { id: string }) {
  const t = useT(stepMessages);
  const navigate = useNavigate();
  const fail = useFailure();
  const order = useQuery(orderQuery(id));
  useReportFailure(order.error, fail);
  const confirm = useMutation(updateCheckMutation());
  const saving = confirm.isPending;

  if (order.isError && !order.data) return <LoadFailed onRetry={() => void order.refetch()} />;
  // What is confirmed must be what the server has now, not a copy from before the last step.
  const current = dataFetchedAfterMount(order);
  if (!current) return <Loading />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // Only a draft is confirmed; an order confirmed before goes straight on to its payment.
    if (current.status !== 0) {
      navigate(`/step/pay/${id}`);
      return;
    }
    try {
      const confirmed = await confirm.mutateAsync(id);
      navigate(`/step/pay/${confirmed.id}`);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form onSubmit={submit}>
      <p className={styles.intro}>{t('check.intro')}</p>
      <Summary order={current} />
      <StepActions backTo={`/step/send/${id}`} saving={saving} />
    </form>
  );
}

/** Step 4 (SPEC.md section 2): a read-only summary; Next confirms the order. */
export default function CheckPage() {
  const { id } = useParams();
  const t = useT(stepMessages);
  return (
    <StepFrame step="check" title={t('check.title')}>
      {id ? <CheckForm id={id} /> : <MissingOrderId />}
    </StepFrame>
  );
}

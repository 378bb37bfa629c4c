import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import type { Order } from '../../lib/api-types.js';
import { useFormat } from '../../lib/use-format.js';
import { useFailure } from '../../lib/use-failure.js';
import { useLoad } from '../../lib/use-load.js';
import { findOrder } from './api/find-order.js';
import { updateCheck } from './api/update-check.js';
import { stepMessages } from './messages.js';
import { LoadFailed, Loading, MissingOrderId, StepActions, StepFrame } from './parts/step-frame.js';
import * as styles from './steps.css.js';

const joined = (...parts: (string | null | undefined)[]) => parts.map((part) => part?.trim() ?? '').filter(Boolean).join(' ');

function Summary({ order }: { order: Order }) {
  const t = useT(stepMessages);
  const format = useFormat();
  const rows: [string, string, string][] = [
    ['amount', t('check.amount'), format.money(order.amount, order.currency)],
    ['institution', t('check.institution'), order.resource_name],
    ['reference', t('check.reference'), order.accept_reference],
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
  const order = useLoad(() => findOrder(id), [id], fail);
  const [saving, setSaving] = useState(false);

  if (order.status === 'error') return <LoadFailed onRetry={order.reload} />;
  if (order.status !== 'ready') return <Loading />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // Only a draft is confirmed; an order confirmed before goes straight on to its payment.
    if (order.data.status !== 0) {
      navigate(`/step/pay/${id}`);
      return;
    }
    setSaving(true);
    try {
      const confirmed = await updateCheck(id);
      navigate(`/step/pay/${confirmed.id}`);
    } catch (error) {
      fail(error);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <p className={styles.intro}>{t('check.intro')}</p>
      <Summary order={order.data} />
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

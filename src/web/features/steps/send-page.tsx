import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { OrderView } from '../../../domain/contract/order.js';
import { issueText } from '../../../domain/messages/message.js';
import { SELF_RELATION } from '../../../domain/order/order-data.js';
import { namePinyin } from '../../../domain/pinyin.js';
import { sendUpdatePayload, type SendUpdatePayload } from '../../../domain/validation/order-steps.js';
import { Field, inputClass } from '../../components/form.js';
import { useLocale, useT } from '../../i18n/i18n.js';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { orderQuery } from './api/find-order.js';
import { updateSendMutation } from './api/update-send.js';
import { stepMessages, type StepMessageKey } from './messages.js';
import { LoadFailed, Loading, MissingOrderId, StepActions, StepFrame } from './parts/step-frame.js';
import { TextField } from './parts/text-field.js';
import { firstIssues, useFieldValidation } from './parts/validation.js';
import * as styles from './steps.css.js';

type SendValues = Omit<SendUpdatePayload, 'id'>;
type SendField = keyof SendValues;

/** The relationships offered, as stored (Chinese) and as labelled; 本人 is the patient themself. */
const RELATIONS: readonly { value: string; label: StepMessageKey }[] = [
  { value: SELF_RELATION, label: 'relation.self' },
  { value: '父母', label: 'relation.parent' },
  { value: '配偶', label: 'relation.spouse' },
  { value: '子女', label: 'relation.child' },
  { value: '其他', label: 'relation.other' },
];
const DEFAULT_COUNTRY_CODE = '+86';

function initialValues(order: OrderView): SendValues {
  const relation = order.payer_relation || SELF_RELATION;
  const self = relation === SELF_RELATION;
  const generated = namePinyin(order.student_last_name ?? '', order.student_first_name ?? '');
  return {
    student_last_name: order.student_last_name ?? '',
    student_first_name: order.student_first_name ?? '',
    student_last_name_pinyin: order.student_last_name_pinyin || generated.last,
    student_first_name_pinyin: order.student_first_name_pinyin || generated.first,
    student_email: order.student_email ?? '',
    student_idcode: order.student_idcode ?? '',
    payer_relation: relation,
    // For 本人 the stored payer names are copies of the patient's: start another payer empty.
    payer_last_name: self ? '' : (order.payer_last_name ?? ''),
    payer_first_name: self ? '' : (order.payer_first_name ?? ''),
    payer_idcode: self ? '' : (order.payer_idcode ?? ''),
    payer_code: order.payer_code || DEFAULT_COUNTRY_CODE,
    payer_phone: order.payer_phone ?? '',
    accept_reference: order.accept_reference ?? '',
  };
}

/** SPEC.md section 5: when the payer is the patient (本人), the payer's names and ID are the patient's. */
function toPayload(id: string, values: SendValues): SendUpdatePayload {
  if (values.payer_relation !== SELF_RELATION) return { id, ...values };
  return {
    id,
    ...values,
    payer_last_name: values.student_last_name,
    payer_first_name: values.student_first_name,
    payer_idcode: values.student_idcode,
  };
}

function SendForm({ id }: { id: string }) {
  const t = useT(stepMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const fail = useFailure();
  const formId = useId();
  const order = useQuery(orderQuery(id));
  useReportFailure(order.error, fail);
  const [values, setValues] = useState<SendValues | null>(null);
  const save = useMutation(updateSendMutation());
  const saving = save.isPending;
  const freshOrder = dataFetchedAfterMount(order);
  useEffect(() => {
    if (freshOrder && values === null) setValues(initialValues(freshOrder));
  }, [freshOrder, values]);

  const validate = useCallback((current: SendValues) => firstIssues(sendUpdatePayload, toPayload(id, current)), [id]);
  const { errors, blur, change, checkAll } = useFieldValidation(validate);

  if (order.isError && !order.data) return <LoadFailed onRetry={() => void order.refetch()} />;
  if (!values) return <Loading />;

  const self = values.payer_relation === SELF_RELATION;

  /** A change; the patient's pinyin follows the Chinese name on every change. */
  const set = (name: SendField) => (value: string) => {
    let next: SendValues = { ...values, [name]: value };
    if (name === 'student_last_name' || name === 'student_first_name') {
      const pinyin = namePinyin(next.student_last_name, next.student_first_name);
      next = { ...next, student_last_name_pinyin: pinyin.last, student_first_name_pinyin: pinyin.first };
      change('student_last_name_pinyin', next);
      change('student_first_name_pinyin', next);
    }
    if (name === 'payer_relation') {
      for (const payerField of ['payer_last_name', 'payer_first_name', 'payer_idcode'] as const) change(payerField, next);
    }
    setValues(next);
    change(name, next);
  };

  const inputId = (name: SendField) => `${formId}-${name}`;
  const errorOf = (name: SendField) => (errors[name] ? issueText(errors[name], locale) : null);

  const field = (
    name: SendField,
    label: string,
    extra: { optional?: boolean; hint?: string; type?: 'text' | 'email' | 'tel'; autoComplete?: string; inputMode?: 'text' | 'email' | 'tel' | 'numeric'; className?: string } = {},
  ) => (
    <TextField
      id={inputId(name)}
      label={label}
      optional={extra.optional ?? false}
      hint={extra.hint}
      type={extra.type}
      inputMode={extra.inputMode}
      autoComplete={extra.autoComplete}
      className={extra.className}
      value={values[name]}
      error={errorOf(name)}
      onChange={set(name)}
      onBlur={(value) => blur(name, value, values)}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = checkAll(values);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync(toPayload(id, values));
      navigate(`/step/check/${saved.id}`);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2 className={styles.sectionTitle}>{t('send.patient')}</h2>
      <div className={styles.grid}>
        {field('student_last_name', t('send.lastName'), { autoComplete: 'off' })}
        {field('student_first_name', t('send.firstName'), { autoComplete: 'off' })}
        {field('student_last_name_pinyin', t('send.lastNamePinyin'), { hint: t('send.pinyinHint') })}
        {field('student_first_name_pinyin', t('send.firstNamePinyin'), { hint: t('send.pinyinHint') })}
        {field('student_email', t('send.email'), { type: 'email', inputMode: 'email', autoComplete: 'email', className: styles.wide })}
      </div>

      <h2 className={styles.sectionTitle}>{t('send.payer')}</h2>
      <div className={styles.grid}>
        <div className={styles.wide}>
          <Field label={t('send.relation')} htmlFor={inputId('payer_relation')} error={errorOf('payer_relation')}>
            <select
              id={inputId('payer_relation')}
              className={`${inputClass} ${styles.select}`}
              value={values.payer_relation}
              onChange={(event) => set('payer_relation')(event.target.value)}
            >
              {RELATIONS.map((relation) => (
                <option key={relation.value} value={relation.value}>
                  {t(relation.label)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {self ? (
          <p className={`${styles.infoBox} ${styles.wide}`} data-testid="self-note">
            {t('send.selfNote')}
          </p>
        ) : (
          <>
            {field('payer_last_name', t('send.payerLastName'))}
            {field('payer_first_name', t('send.payerFirstName'))}
            {field('payer_idcode', t('send.payerIdcode'), { className: styles.wide })}
          </>
        )}
        <div className={styles.wide}>
          <Field label={t('send.phone')} htmlFor={inputId('payer_phone')} error={errorOf('payer_code') ?? errorOf('payer_phone')}>
            <div className={styles.phoneRow}>
              <input
                id={inputId('payer_code')}
                aria-label={t('send.countryCode')}
                className={inputClass}
                type="tel"
                inputMode="tel"
                autoComplete="tel-country-code"
                value={values.payer_code}
                aria-invalid={errors.payer_code ? true : undefined}
                onChange={(event) => set('payer_code')(event.target.value)}
                onBlur={(event) => blur('payer_code', event.target.value, values)}
              />
              <input
                id={inputId('payer_phone')}
                className={inputClass}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                value={values.payer_phone}
                aria-invalid={errors.payer_phone ? true : undefined}
                aria-describedby={errors.payer_code || errors.payer_phone ? `${inputId('payer_phone')}-error` : undefined}
                onChange={(event) => set('payer_phone')(event.target.value)}
                onBlur={(event) => blur('payer_phone', event.target.value, values)}
              />
            </div>
          </Field>
        </div>
        {field('accept_reference', t('send.reference'), { optional: true, hint: t('send.referenceHint'), className: styles.wide })}
      </div>
      <StepActions backTo={`/step/accept/${id}`} saving={saving} />
    </form>
  );
}

/** Step 3 (SPEC.md section 2): patient and payer details, with the pinyin generated live. */
export default function SendPage() {
  const { id } = useParams();
  const t = useT(stepMessages);
  return (
    <StepFrame step="send" title={t('send.title')}>
      {id ? <SendForm id={id} /> : <MissingOrderId />}
    </StepFrame>
  );
}

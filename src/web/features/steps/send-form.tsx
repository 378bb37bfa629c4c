import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { OrderView } from '../../../domain/contract/order.js';
import { SELF_RELATION } from '../../../domain/order/order-data.js';
import { namePinyin } from '../../../domain/pinyin.js';
import { sendUpdatePayload } from '../../../domain/validation/order-steps.js';
import { Field, inputClass } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { updateSendMutation } from './api/update-send.js';
import { stepMessages } from './messages.js';
import { StepActions } from './parts/step-frame.js';
import { TextField } from './parts/text-field.js';
import { useStepSubmit } from './parts/use-step-submit.js';
import { initialValues, PAYER_FIELDS, PINYIN_FIELDS, RELATIONS, toPayload, type SendField } from './send-values.js';
import * as styles from './steps.css.js';

interface FieldExtras {
  readonly optional?: boolean;
  readonly hint?: string;
  readonly type?: 'text' | 'email' | 'tel';
  readonly autoComplete?: string;
  readonly inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  readonly className?: string;
}

/** Step 3's form, once the order is read. */
export function SendForm({ id, order }: { id: string; order: OrderView }) {
  const t = useT(stepMessages);
  const formId = useId();
  const form = useDomainForm(sendUpdatePayload, { defaultValues: initialValues(order), toPayload: (values) => toPayload(id, values) });
  const save = useMutation(updateSendMutation());
  const submit = useStepSubmit(form, save.mutateAsync, (savedId) => `/step/check/${savedId}`);
  const self = useWatch({ control: form.control, name: 'payer_relation' }) === SELF_RELATION;

  /** SPEC.md section 5: the patient's pinyin follows the Chinese name on every change. */
  const followWithPinyin = () => {
    const pinyin = namePinyin(form.getValues('student_last_name'), form.getValues('student_first_name'));
    form.setValue('student_last_name_pinyin', pinyin.last);
    form.setValue('student_first_name_pinyin', pinyin.first);
    void form.recheck(PINYIN_FIELDS);
  };
  // 本人 takes the payer's names from the patient: errors of the hidden fields may no longer hold.
  const recheckPayer = () => void form.recheck(PAYER_FIELDS);

  const inputId = (name: SendField) => `${formId}-${name}`;
  const field = (name: SendField, label: string, extra: FieldExtras = {}, afterChange?: () => void) => (
    <TextField
      id={inputId(name)}
      label={label}
      optional={extra.optional}
      hint={extra.hint}
      type={extra.type}
      inputMode={extra.inputMode}
      autoComplete={extra.autoComplete}
      className={extra.className}
      field={form.bind(name, afterChange)}
      error={form.errorText(name)}
    />
  );
  const phoneError = form.errorText('payer_code') ?? form.errorText('payer_phone');

  return (
    <form onSubmit={submit} noValidate>
      <h2 className={styles.sectionTitle}>{t('send.patient')}</h2>
      <div className={styles.grid}>
        {field('student_last_name', t('send.lastName'), { autoComplete: 'off' }, followWithPinyin)}
        {field('student_first_name', t('send.firstName'), { autoComplete: 'off' }, followWithPinyin)}
        {field('student_last_name_pinyin', t('send.lastNamePinyin'), { hint: t('send.pinyinHint') })}
        {field('student_first_name_pinyin', t('send.firstNamePinyin'), { hint: t('send.pinyinHint') })}
        {field('student_email', t('send.email'), { type: 'email', inputMode: 'email', autoComplete: 'email', className: styles.wide })}
      </div>

      <h2 className={styles.sectionTitle}>{t('send.payer')}</h2>
      <div className={styles.grid}>
        <div className={styles.wide}>
          <Field label={t('send.relation')} htmlFor={inputId('payer_relation')} error={form.errorText('payer_relation')}>
            <select
              id={inputId('payer_relation')}
              className={`${inputClass} ${styles.select}`}
              {...form.bind('payer_relation', recheckPayer)}
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
          <Field label={t('send.phone')} htmlFor={inputId('payer_phone')} error={phoneError}>
            <div className={styles.phoneRow}>
              <input
                id={inputId('payer_code')}
                aria-label={t('send.countryCode')}
                className={inputClass}
                type="tel"
                inputMode="tel"
                autoComplete="tel-country-code"
                aria-invalid={form.errorText('payer_code') ? true : undefined}
                {...form.bind('payer_code')}
              />
              <input
                id={inputId('payer_phone')}
                className={inputClass}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                aria-invalid={form.errorText('payer_phone') ? true : undefined}
                aria-describedby={phoneError ? `${inputId('payer_phone')}-error` : undefined}
                {...form.bind('payer_phone')}
              />
            </div>
          </Field>
        </div>
        {field('accept_remittance', t('send.reference'), { optional: true, hint: t('send.referenceHint'), className: styles.wide })}
      </div>
      <StepActions backTo={`/step/accept/${id}`} saving={save.isPending} />
    </form>
  );
}

import { useWatch } from 'react-hook-form';
import { SELF_RELATION } from '../../../domain/order/order-data.js';
import { Field, inputClass } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { stepMessages } from './messages.js';
import { SendTextField } from './send-text-field.js';
import { PAYER_FIELDS, RELATIONS } from './send-values.js';
import { sendInputId, type SendFormControl } from './use-send-form.js';
import * as styles from './steps.css.js';

/** Who pays: their relation to the patient, their names unless it is the patient (本人), phone and reference. */
export function SendPayerFields({ form, formId }: { form: SendFormControl; formId: string }) {
  const t = useT(stepMessages);
  const self = useWatch({ control: form.control, name: 'payer_relation' }) === SELF_RELATION;
  const fieldOf = { form, formId };
  return (
    <>
      <h2 className={styles.sectionTitle}>{t('send.payer')}</h2>
      <div className={styles.grid}>
        <RelationSelect form={form} formId={formId} />
        {self ? (
          <p className={`${styles.infoBox} ${styles.wide}`} data-testid="self-note">
            {t('send.selfNote')}
          </p>
        ) : (
          <>
            <SendTextField {...fieldOf} name="payer_last_name" label={t('send.payerLastName')} />
            <SendTextField {...fieldOf} name="payer_first_name" label={t('send.payerFirstName')} />
            <SendTextField {...fieldOf} name="payer_idcode" label={t('send.payerIdcode')} className={styles.wide} />
          </>
        )}
        <PhoneField form={form} formId={formId} />
        <SendTextField
          {...fieldOf}
          name="accept_remittance"
          label={t('send.reference')}
          optional
          hint={t('send.referenceHint')}
          className={styles.wide}
        />
      </div>
    </>
  );
}

function RelationSelect({ form, formId }: { form: SendFormControl; formId: string }) {
  const t = useT(stepMessages);
  const id = sendInputId(formId, 'payer_relation');
  // 本人 takes the payer's names from the patient: errors of the hidden fields may no longer hold.
  const recheckPayer = () => void form.recheck(PAYER_FIELDS);
  return (
    <div className={styles.wide}>
      <Field label={t('send.relation')} htmlFor={id} error={form.errorText('payer_relation')}>
        <select id={id} className={`${inputClass} ${styles.select}`} {...form.bind('payer_relation', recheckPayer)}>
          {RELATIONS.map((relation) => (
            <option key={relation.value} value={relation.value}>
              {t(relation.label)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** The country code and the number, one label and one error line for both. */
function PhoneField({ form, formId }: { form: SendFormControl; formId: string }) {
  const t = useT(stepMessages);
  const phoneId = sendInputId(formId, 'payer_phone');
  const phoneError = form.errorText('payer_code') ?? form.errorText('payer_phone');
  return (
    <div className={styles.wide}>
      <Field label={t('send.phone')} htmlFor={phoneId} error={phoneError}>
        <div className={styles.phoneRow}>
          <input
            id={sendInputId(formId, 'payer_code')}
            aria-label={t('send.countryCode')}
            className={inputClass}
            type="tel"
            inputMode="tel"
            autoComplete="tel-country-code"
            aria-invalid={form.errorText('payer_code') ? true : undefined}
            {...form.bind('payer_code')}
          />
          <input
            id={phoneId}
            className={inputClass}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            aria-invalid={form.errorText('payer_phone') ? true : undefined}
            aria-describedby={phoneError ? `${phoneId}-error` : undefined}
            {...form.bind('payer_phone')}
          />
        </div>
      </Field>
    </div>
  );
}

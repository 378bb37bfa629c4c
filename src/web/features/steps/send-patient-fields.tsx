import { namePinyin } from '../../../domain/pinyin.js';
import { useT } from '../../i18n/i18n.js';
import { stepMessages } from './messages.js';
import { SendTextField } from './send-text-field.js';
import { PINYIN_FIELDS } from './send-values.js';
import type { SendFormControl } from './use-send-form.js';
import * as styles from './steps.css.js';

/** The patient's names (Chinese and pinyin) and email. */
export function SendPatientFields({ form, formId }: { form: SendFormControl; formId: string }) {
  const t = useT(stepMessages);
  /** SPEC.md section 5: the patient's pinyin follows the Chinese name on every change. */
  const followWithPinyin = () => {
    const pinyin = namePinyin(form.getValues('student_last_name'), form.getValues('student_first_name'));
    form.setValue('student_last_name_pinyin', pinyin.last);
    form.setValue('student_first_name_pinyin', pinyin.first);
    void form.recheck(PINYIN_FIELDS);
  };
  const fieldOf = { form, formId };
  return (
    <>
      <h2 className={styles.sectionTitle}>{t('send.patient')}</h2>
      <div className={styles.grid}>
        <SendTextField {...fieldOf} name="student_last_name" label={t('send.lastName')} autoComplete="off" afterChange={followWithPinyin} />
        <SendTextField
          {...fieldOf}
          name="student_first_name"
          label={t('send.firstName')}
          autoComplete="off"
          afterChange={followWithPinyin}
        />
        <SendTextField {...fieldOf} name="student_last_name_pinyin" label={t('send.lastNamePinyin')} hint={t('send.pinyinHint')} />
        <SendTextField {...fieldOf} name="student_first_name_pinyin" label={t('send.firstNamePinyin')} hint={t('send.pinyinHint')} />
        <SendTextField
          {...fieldOf}
          name="student_email"
          label={t('send.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          className={styles.wide}
        />
      </div>
    </>
  );
}

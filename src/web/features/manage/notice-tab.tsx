import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { NoticeView } from '../../../domain/contract/manage.js';
import { noticePayload } from '../../../domain/reference/markups.js';
import { Field } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import type { BackOfficeAccess } from './access.js';
import { noticeQuery, updateNoticeMutation } from './api/config.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { SaveButton, WithSaved } from './saved-form.js';

const LANGUAGES = [
  { field: 'notice', label: 'notice.label', required: true },
  { field: 'notice_en', label: 'notice.labelEn', required: false },
  { field: 'notice_de', label: 'notice.labelDe', required: false },
] as const;

function NoticeForm({ notice, access }: { notice: NoticeView; access: BackOfficeAccess }) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const id = useId();
  const save = useMutation(updateNoticeMutation());
  const form = useDomainForm(noticePayload, { defaultValues: notice });
  const submit = form.handleSubmit((texts) =>
    save.mutate(
      { notice: texts.notice, notice_en: texts.notice_en ?? '', notice_de: texts.notice_de ?? '' },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => {
          form.showServerErrors(error);
          notify.hint(errorText(error));
        },
      },
    ),
  );
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="notice-form">
      {LANGUAGES.map(({ field, label, required }) => {
        const error = form.errorText(field);
        return (
          <Field key={field} label={t(label)} htmlFor={`${id}-${field}`} error={error}>
            <textarea
              id={`${id}-${field}`}
              className={styles.textarea}
              {...form.bind(field)}
              readOnly={!access.change}
              aria-invalid={error ? true : undefined}
              required={required}
            />
          </Field>
        );
      })}
      <p className={styles.muted}>{t('notice.fallback')}</p>
      <SaveButton shown={access.change} saving={save.isPending} testId="notice-save">
        {t('notice.save')}
      </SaveButton>
    </form>
  );
}

/** The notice shown to payers: Chinese required, English and German optional (their readers read the Chinese otherwise). */
export function NoticeTab({ access }: { access: BackOfficeAccess }) {
  const saved = useQuery(noticeQuery());
  return <WithSaved saved={saved}>{(values) => <NoticeForm key={JSON.stringify(values)} notice={values} access={access} />}</WithSaved>;
}

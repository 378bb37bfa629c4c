import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { noticePayload } from '../../../domain/reference/markups.js';
import { Button, Field } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import type { BackOfficeAccess } from './access.js';
import { noticeQuery, updateNoticeMutation } from './api/config.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';

function NoticeForm({ notice, access }: { notice: string; access: BackOfficeAccess }) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const id = useId();
  const save = useMutation(updateNoticeMutation());
  const form = useDomainForm(noticePayload, { defaultValues: { notice } });
  const submit = form.handleSubmit(({ notice: text }) =>
    save.mutate(text, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => {
        form.showServerErrors(error);
        notify.hint(errorText(error));
      },
    }),
  );
  const error = form.errorText('notice');
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="notice-form">
      <Field label={t('notice.label')} htmlFor={`${id}-notice`} error={error}>
        <textarea id={`${id}-notice`} className={styles.textarea} {...form.bind('notice')} readOnly={!access.change} aria-invalid={error ? true : undefined} required />
      </Field>
      {access.change && (
        <Button type="submit" loading={save.isPending} data-testid="notice-save">
          {t('notice.save')}
        </Button>
      )}
    </form>
  );
}

/** The notice shown to payers (required). */
export function NoticeTab({ access }: { access: BackOfficeAccess }) {
  const t = useT(manageMessages);
  const notice = useQuery(noticeQuery());
  if (!notice.data) return <p aria-busy={notice.isPending}>{notice.isError ? errorText(notice.error) : t('list.loading')}</p>;
  return <NoticeForm key={notice.data.notice} notice={notice.data.notice} access={access} />;
}

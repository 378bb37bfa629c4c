import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { MARKUP_FIELDS, markupsPayload, type Markups } from '../../../domain/reference/markups.js';
import { FormTextField } from '../../components/form-text-field.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import type { BackOfficeAccess } from './access.js';
import { markupsQuery, updateMarkupsMutation } from './api/config.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { SaveButton, WithSaved } from './saved-form.js';
import { isProposal } from './proposal.js';

function MarkupForm({ markups, access }: { markups: Markups; access: BackOfficeAccess }) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const id = useId();
  const save = useMutation(updateMarkupsMutation());
  const form = useDomainForm(markupsPayload, { defaultValues: markups });
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        // Proposed, not applied: the form shows again the markups in force until a second admin approves.
        if (isProposal(answer)) form.reset(markups);
      },
      onError: (error) => {
        form.showServerErrors(error);
        notify.hint(errorText(error));
      },
    }),
  );
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="markup-form">
      <p className={styles.muted}>{t('markup.hint')}</p>
      <div className={styles.markupGrid}>
        {MARKUP_FIELDS.map((field) => (
          <FormTextField
            key={field}
            id={`${id}-${field}`}
            label={field.replace('bit_', '').toUpperCase()}
            field={form.bind(field)}
            error={form.errorText(field)}
            inputMode="decimal"
            readOnly={!access.change}
          />
        ))}
      </div>
      <SaveButton shown={access.change} saving={save.isPending} testId="markup-save">
        {t('markup.save')}
      </SaveButton>
    </form>
  );
}

/** The exchange-rate markups of every payee currency (SPEC.md: bit_usd … bit_aed, and AUD). */
export function MarkupTab({ access }: { access: BackOfficeAccess }) {
  const saved = useQuery(markupsQuery());
  return <WithSaved saved={saved}>{(values) => <MarkupForm key={JSON.stringify(values)} markups={values} access={access} />}</WithSaved>;
}

import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { ManageResource } from '../../../domain/contract/manage.js';
import { PAYEE_CURRENCIES } from '../../../domain/money.js';
import { institutionRecordSchema } from '../../../domain/reference/institution.js';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.js';
import { Button, Field, inputClass } from '../../components/form.js';
import { FormTextField } from '../../components/form-text-field.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { ApiError } from '../../lib/api-client.js';
import { errorText } from '../../lib/error-text.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { updateResourceMutation } from './api/resources.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { isProposal } from './proposal.js';

const TEXT_FIELDS = [
  'name',
  'name_en',
  'code',
  'country',
  'account_no',
  'account_name',
  'account_address',
  'account_bank',
  'swift',
  'transit_code',
  'bank_branches',
] as const;
type Values = Record<(typeof TEXT_FIELDS)[number] | 'currency', string> & { preset_account: boolean };

const valuesOf = (resource: ManageResource | null): Values => ({
  name: resource?.name ?? '',
  name_en: resource?.name_en ?? '',
  code: resource?.code ?? '',
  currency: resource?.currency ?? 'EUR',
  country: resource?.country ?? '',
  account_no: resource?.account_no ?? '',
  account_name: resource?.account_name ?? '',
  account_address: resource?.account_address ?? '',
  account_bank: resource?.account_bank ?? '',
  swift: resource?.swift ?? '',
  transit_code: resource?.transit_code ?? '',
  bank_branches: resource?.bank_branches ?? '',
  preset_account: resource?.preset_account ?? false,
});

/** The server names fields inside `record` ("record.swift"); the form's fields are the record's own. */
const withRecordFields = (error: unknown): unknown =>
  error instanceof ApiError
    ? new ApiError(
        error.status,
        error.message,
        Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field.replace(/^record\./, ''), texts])),
        error.code,
      )
    : error;

/** Add (resource null) or edit an institution; the domain's schema checks as the payer's forms do, the server again. */
export function ResourceDialog({
  resource,
  open,
  onOpenChange,
}: {
  resource: ManageResource | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const id = useId();
  const save = useMutation(updateResourceMutation());
  const form = useDomainForm(institutionRecordSchema, { defaultValues: valuesOf(resource) });
  const submit = form.handleSubmit((record) =>
    save.mutate(
      { ...record, ...(resource ? { id: resource.id } : {}) },
      {
        // A proposal changes nothing yet: the list (read again) keeps the account in force.
        onSuccess: (answer) => {
          notify.success(isProposal(answer) ? answer.message : t('resource.saved'));
          onOpenChange(false);
        },
        onError: (error) => {
          if (!form.showServerErrors(withRecordFields(error))) notify.hint(errorText(error));
        },
      },
    ),
  );
  return (
    <DialogFrame
      title={t(resource ? 'resource.dialogEdit' : 'resource.dialogAdd')}
      testId="resource-dialog"
      open={open}
      onOpenChange={onOpenChange}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.dialogGrid}>
          {TEXT_FIELDS.map((name) => (
            <FormTextField
              key={name}
              id={`${id}-${name}`}
              label={t(`resource.${name}`)}
              field={form.bind(name)}
              error={form.errorText(name)}
            />
          ))}
          <Field label={t('resource.currency')} htmlFor={`${id}-currency`} error={form.errorText('currency')}>
            <select id={`${id}-currency`} className={inputClass} {...form.register('currency')}>
              {PAYEE_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <label>
          <input type="checkbox" {...form.register('preset_account')} /> {t('resource.preset_account')}
        </label>
        <div className={styles.dialogActions}>
          <DialogCloseButton>{t('resource.cancel')}</DialogCloseButton>
          <Button type="submit" loading={save.isPending} data-testid="resource-save">
            {t('resource.save')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

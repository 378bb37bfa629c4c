import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { OrderView } from '../../../domain/contract/order.js';
import type { PublicInstitution } from '../../../domain/contract/public.js';
import { acceptUpdatePayload, type AcceptUpdatePayload } from '../../../domain/validation/order-steps.js';
import { useT } from '../../i18n/i18n.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { hasPresetAccount } from './api/find-resource.js';
import { updateAcceptMutation } from './api/update-accept.js';
import { stepMessages } from './messages.js';
import { accountLayout, type AccountLayout } from './parts/account-layout.js';
import { StepActions } from './parts/step-frame.js';
import { TemplatePicker, useTemplates, type FilledFrom } from './parts/template-picker.js';
import { TextField } from './parts/text-field.js';
import { useStepSubmit } from './parts/use-step-submit.js';
import * as styles from './steps.css.js';

type AccountValues = Omit<AcceptUpdatePayload, 'id'>;
type AccountField = keyof AccountValues;

/** The fields a preset institution fixes, and where its resource keeps them. */
const PRESET_FIELDS = {
  accept_account_name: 'account_name',
  accept_account_no: 'account_no',
  accept_bank: 'account_bank',
  accept_address: 'account_address',
  accept_swift: 'swift',
  transit_code: 'transit_code',
  bank_branches: 'bank_branches',
} as const satisfies Partial<Record<AccountField, keyof PublicInstitution>>;

const isPresetField = (field: AccountField): field is keyof typeof PRESET_FIELDS => field in PRESET_FIELDS;

/** The form's first values: what the order already has, and for a preset institution its account. */
function initialValues(order: OrderView, resource: PublicInstitution | undefined): AccountValues {
  const values: AccountValues = {
    accept_account_name: order.accept_account_name,
    accept_account_no: order.accept_account_no,
    accept_bank: order.accept_bank,
    accept_address: order.accept_address,
    accept_swift: order.accept_swift,
    accept_reference: order.accept_reference,
    accept_remittance: order.accept_remittance,
    transit_code: order.transit_code,
    bank_branches: order.bank_branches,
  };
  if (!hasPresetAccount(resource)) return values;
  const preset = { ...values };
  for (const field of Object.keys(PRESET_FIELDS) as (keyof typeof PRESET_FIELDS)[]) {
    preset[field] = String(resource?.[PRESET_FIELDS[field]] ?? '');
  }
  return preset;
}

/** What is posted: fields the currency does not have are sent empty. */
const toPayload = (id: string, layout: AccountLayout) => (values: AccountValues) => ({
  id,
  ...values,
  transit_code: layout.transitCode ? values.transit_code : '',
  bank_branches: layout.branch ? values.bank_branches : '',
});

interface FieldExtras {
  readonly secondary?: string | null;
  readonly optional?: boolean;
  readonly hint?: string;
  readonly className?: string;
}

/** Step 2's form, once the order (and its institution) are read. */
export function AcceptForm({ id, order, resource }: { id: string; order: OrderView; resource: PublicInstitution | undefined }) {
  const t = useT(stepMessages);
  const formId = useId();
  const layout = accountLayout(order.currency);
  const preset = hasPresetAccount(resource);
  const form = useDomainForm(acceptUpdatePayload, { defaultValues: initialValues(order, resource), toPayload: toPayload(id, layout) });
  const save = useMutation(updateAcceptMutation());
  const submit = useStepSubmit(form, save.mutateAsync, (savedId) => `/step/send/${savedId}`);
  // A preset institution's account is fixed: there is nothing to fill from an earlier order.
  const templates = useTemplates(id, 'account', !preset);
  const fillFrom = (account: FilledFrom<'account'>) => {
    const fields = Object.keys(account) as (keyof typeof account)[];
    for (const name of fields) form.setValue(name, account[name], { shouldDirty: true });
    void form.recheck(fields);
  };

  const field = (name: AccountField, label: string, extra: FieldExtras = {}) => {
    const fixed = preset && isPresetField(name);
    return (
      <TextField
        id={`${formId}-${name}`}
        label={label}
        secondary={extra.secondary}
        optional={extra.optional}
        hint={fixed ? undefined : extra.hint}
        className={extra.className}
        readOnly={fixed}
        field={form.bind(name)}
        error={form.errorText(name)}
      />
    );
  };

  const ja = layout.japanese;
  return (
    <form onSubmit={submit} noValidate data-currency={order.currency}>
      <p className={preset ? styles.infoBox : styles.intro} data-testid={preset ? 'preset-note' : undefined}>
        {preset ? t('accept.preset') : t('accept.intro')}
      </p>
      <TemplatePicker templates={templates} part="account" onPick={fillFrom} />
      <div className={styles.grid}>
        {field('accept_account_name', t('accept.accountName'), { secondary: ja?.accountName, className: styles.wide })}
        {field('accept_account_no', t(layout.accountNo), {
          secondary: ja?.accountNo,
          hint: layout.accountNo === 'accept.iban' ? t('accept.ibanHint') : undefined,
          className: styles.wide,
        })}
        {field('accept_bank', t('accept.bank'), { secondary: ja?.bank })}
        {layout.branch ? (
          <>
            {field('bank_branches', t('accept.branch'), { secondary: ja?.branch, optional: true })}
            {field('accept_swift', t('accept.swift'), { hint: t('accept.swiftHint'), className: styles.wide })}
          </>
        ) : (
          <>
            {field('accept_swift', t('accept.swift'), { hint: t('accept.swiftHint') })}
            {layout.transitCode && field('transit_code', t(layout.transitCode), { optional: true, className: styles.wide })}
          </>
        )}
        {field('accept_address', t('accept.address'), { optional: true, className: styles.wide })}
        {field('accept_reference', t('accept.reference'), { optional: true, className: styles.wide })}
      </div>
      <StepActions backTo={`/step/amount/${id}`} saving={save.isPending} />
    </form>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { OrderView } from '../../../domain/contract/order.js';
import type { PublicInstitution } from '../../../domain/contract/public.js';
import { issueText } from '../../../domain/messages/message.js';
import { acceptUpdatePayload, type AcceptUpdatePayload } from '../../../domain/validation/order-steps.js';
import { useLocale, useT } from '../../i18n/i18n.js';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { orderQuery } from './api/find-order.js';
import { hasPresetAccount, resourceQuery } from './api/find-resource.js';
import { updateAcceptMutation } from './api/update-accept.js';
import { stepMessages } from './messages.js';
import { accountLayout } from './parts/account-layout.js';
import { LoadFailed, Loading, MissingOrderId, StepActions, StepFrame } from './parts/step-frame.js';
import { TextField } from './parts/text-field.js';
import { firstIssues, useFieldValidation } from './parts/validation.js';
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
} as const satisfies Partial<Record<AccountField, keyof PublicInstitution>>;

const isPresetField = (field: AccountField): field is keyof typeof PRESET_FIELDS => field in PRESET_FIELDS;

/** The form's first values: what the order already has, and for a preset institution its account. */
function initialValues(order: OrderView, resource: PublicInstitution | undefined): AccountValues {
  const values: AccountValues = {
    accept_account_name: order.accept_account_name ?? '',
    accept_account_no: order.accept_account_no ?? '',
    accept_bank: order.accept_bank ?? '',
    accept_address: order.accept_address ?? '',
    accept_swift: order.accept_swift ?? '',
    accept_reference: order.accept_reference ?? '',
    accept_remittance: order.accept_remittance ?? '',
    transit_code: order.transit_code ?? '',
    bank_branches: order.bank_branches ?? '',
  };
  if (!hasPresetAccount(resource)) return values;
  const preset = { ...values };
  for (const field of Object.keys(PRESET_FIELDS) as (keyof typeof PRESET_FIELDS)[]) {
    preset[field] = String(resource?.[PRESET_FIELDS[field]] ?? '');
  }
  return preset;
}

function AcceptForm({ id }: { id: string }) {
  const t = useT(stepMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const fail = useFailure();
  const formId = useId();
  const order = useQuery(orderQuery(id));
  useReportFailure(order.error, fail);
  const resourceId = order.data?.resource ?? '';
  const resource = useQuery({ ...resourceQuery(resourceId), enabled: resourceId !== '' });
  useReportFailure(resource.error, fail);

  const [values, setValues] = useState<AccountValues | null>(null);
  const save = useMutation(updateAcceptMutation());
  const saving = save.isPending;
  const freshOrder = dataFetchedAfterMount(order);
  const ready = freshOrder !== undefined && (resource.isSuccess || resource.isError || resourceId === '');
  useEffect(() => {
    if (ready && freshOrder && values === null) setValues(initialValues(freshOrder, resource.data));
  }, [ready, freshOrder, resource.data, values]);

  const currency = order.data?.currency ?? '';
  const layout = accountLayout(currency);
  const preset = hasPresetAccount(resource.data);

  /** What is posted: fields the currency does not have are sent empty. */
  const payload = useCallback(
    (current: AccountValues): AcceptUpdatePayload => ({
      id,
      ...current,
      transit_code: layout.transitCode ? current.transit_code : '',
      bank_branches: layout.branch ? current.bank_branches : '',
    }),
    [id, layout.transitCode, layout.branch],
  );
  const validate = useCallback((current: AccountValues) => firstIssues(acceptUpdatePayload, payload(current)), [payload]);
  const { errors, blur, change, checkAll } = useFieldValidation(validate);

  if (order.isError && !order.data) return <LoadFailed onRetry={() => void order.refetch()} />;
  if (!values) return <Loading />;

  const set = (field: AccountField) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    change(field, next);
  };

  const field = (name: AccountField, label: string, extra: { secondary?: string | null; optional?: boolean; hint?: string; className?: string } = {}) => {
    const fixed = preset && isPresetField(name);
    return (
      <TextField
        id={`${formId}-${name}`}
        label={label}
        secondary={extra.secondary ?? null}
        optional={extra.optional ?? false}
        hint={fixed ? undefined : extra.hint}
        className={extra.className}
        value={values[name]}
        readOnly={fixed}
        error={errors[name] ? issueText(errors[name], locale) : null}
        onChange={set(name)}
        onBlur={(value) => blur(name, value, values)}
      />
    );
  };

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
      const saved = await save.mutateAsync(payload(values));
      navigate(`/step/send/${saved.id}`);
    } catch (error) {
      fail(error);
    }
  };

  const ja = layout.japanese;
  return (
    <form onSubmit={submit} noValidate data-currency={currency}>
      <p className={preset ? styles.infoBox : styles.intro} data-testid={preset ? 'preset-note' : undefined}>
        {preset ? t('accept.preset') : t('accept.intro')}
      </p>
      <div className={styles.grid}>
        {field('accept_account_name', t('accept.accountName'), { secondary: ja?.accountName, className: styles.wide })}
        {field('accept_account_no', t(layout.accountNo), { secondary: ja?.accountNo, hint: layout.accountNo === 'accept.iban' ? t('accept.ibanHint') : undefined, className: styles.wide })}
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
      <StepActions backTo={`/step/amount/${id}`} saving={saving} />
    </form>
  );
}

/** Step 2 (SPEC.md section 2): the recipient account, labelled for the order's currency. */
export default function AcceptPage() {
  const { id } = useParams();
  const t = useT(stepMessages);
  return (
    <StepFrame step="accept" title={t('accept.title')}>
      {id ? <AcceptForm id={id} /> : <MissingOrderId />}
    </StepFrame>
  );
}

import { useEffect, useId, useMemo, useRef, type ChangeEvent, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { MAXIMUM_AMOUNT, checkAmount, estimateCny, minorUnitsOf, type PayeeCurrency } from '../../../domain/money.js';
import { Field } from '../../components/form.js';
import { useLocale, useT, type Locale } from '../../i18n/i18n.js';
import { acceptTyping, plainAmount, typedAmount } from '../../lib/locale-amount.js';
import { useDomainForm, type DomainForm } from '../../lib/use-domain-form.js';
import { useFailure } from '../../lib/use-failure.js';
import { useFormat } from '../../lib/use-format.js';
import { stepMessages } from './messages.js';
import { amountForm } from './parts/amount-schema.js';
import { payeeCurrency } from './parts/payee-currency.js';
import { StepActions } from './parts/step-frame.js';
import type { QuotaRequest } from './api/find-quota.js';
import { QuotaLine } from './quota-line.js';
import * as styles from './steps.css.js';
import { onSubmitOf } from '../../lib/on-submit.js';

const MAX_WHOLE_DIGITS = MAXIMUM_AMOUNT.length;

/** The box's text as typed; the schema's output is the plain decimal it stands for. */
type AmountValues = { amount: string };
type Form = DomainForm<AmountValues, AmountValues>;

interface AmountFormProps {
  /** The order whose amount this is (none before the order exists). */
  readonly orderId?: string;
  readonly currency: string;
  /** The order's amount as a plain decimal ('' for a new order). */
  readonly initialAmount: string;
  /** A confirmed order: its amount stays. */
  readonly locked: boolean;
  /** The CNY amount locked when the order was confirmed, shown instead of the estimate. */
  readonly lockedCny: string | null;
  readonly rate: { readonly value: string | undefined; readonly failed: boolean };
  readonly saving: boolean;
  /** Saves the plain amount and moves on; a refusal is thrown. */
  readonly onSave: (amount: string) => Promise<void>;
  /** What the form shows above the amount (the institution). */
  readonly children: ReactNode;
}

/** The box keeps what is typed in the chosen language's way; a language switch rewrites it in the new one. */
function useRetypedInLocale(form: Form, locale: Locale) {
  const shownIn = useRef(locale);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (shownIn.current === locale) return;
    const plain = plainAmount(getValues('amount'), shownIn.current);
    shownIn.current = locale;
    if (plain !== null) setValue('amount', typedAmount(plain, locale));
  }, [locale, getValues, setValue]);
}

function AmountField({ form, currency, locked }: { form: Form; currency: string; locked: boolean }) {
  const t = useT(stepMessages);
  const { locale } = useLocale();
  const inputId = useId();
  const { field } = useController({ control: form.control, name: 'amount' });
  useRetypedInLocale(form, locale);
  const digits = minorUnitsOf(currency);
  const error = form.errorText('amount');

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const kept = acceptTyping(event.target.value, locale, digits, MAX_WHOLE_DIGITS);
    if (kept === null) return;
    field.onChange(kept);
    await form.changed('amount');
  };

  return (
    <Field
      label={t('amount.amountLabel')}
      htmlFor={inputId}
      error={error}
      hint={
        locked
          ? null
          : `${t('amount.minimumHint', { currency })} · ${digits === 0 ? t('amount.noDecimalsHint', { currency }) : t('amount.decimalsHint', { currency, digits })}`
      }
    >
      <div className={styles.amountGroup} data-invalid={error ? 'true' : undefined}>
        <span className={styles.currencyTag} data-testid="currency">
          {currency}
        </span>
        <input
          id={inputId}
          ref={field.ref}
          name={field.name}
          className={styles.amountInput}
          type="text"
          inputMode={digits === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          placeholder={t('amount.placeholder')}
          value={field.value}
          onChange={(event) => void onChange(event)}
          onBlur={field.onBlur}
          readOnly={locked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
      </div>
    </Field>
  );
}

function Estimate({
  currency,
  estimate,
  lockedCny,
  rate,
}: {
  currency: string;
  estimate: string;
  lockedCny: string | null;
  rate: AmountFormProps['rate'];
}) {
  const t = useT(stepMessages);
  const format = useFormat();
  return (
    <div className={styles.estimate} aria-live="polite">
      <div className={styles.estimateRow}>
        <span className={styles.estimateLabel}>{lockedCny === null ? t('amount.estimate') : t('amount.lockedCny')}</span>
        <span className={styles.estimateValue} data-testid="estimate">
          {format.money(estimate, 'CNY')}
        </span>
      </div>
      {lockedCny === null && (
        <>
          <div className={styles.estimateNote}>
            {rate.value !== undefined
              ? t('amount.rate', { currency, rate: format.number(rate.value) })
              : rate.failed
                ? t('amount.rateUnavailable')
                : '\u00a0'}
          </div>
          <div className={styles.estimateNote}>{t('amount.estimateNote')}</div>
        </>
      )}
    </div>
  );
}

/** The CNY to show: the locked amount of a confirmed order, else the live estimate (0.00 while the amount is not acceptable). */
function cnyToShow(plain: string, payee: PayeeCurrency | null, { lockedCny, rate }: Pick<AmountFormProps, 'lockedCny' | 'rate'>): string {
  if (lockedCny !== null) return lockedCny;
  return payee && rate.value !== undefined ? estimateCny(plain, payee, rate.value, '0') : '0.00';
}

/**
 * What the quota line asks about: a confirmed order's own amount; else the amount typed (for the
 * order, or in the institution's currency), once it is acceptable.
 */
function quotaRequestOf(
  orderId: string | undefined,
  locked: boolean,
  typed: { plain: string; payee: PayeeCurrency | null },
): QuotaRequest | null {
  if (orderId && locked) return { id: orderId };
  if (typed.payee === null || checkAmount(typed.plain, typed.payee) !== null) return null;
  return orderId ? { id: orderId, amount: typed.plain } : { currency: typed.payee, amount: typed.plain };
}

/**
 * Step 1's amount (SPEC.md section 2 and 5): typed in the locale's way (a German payer's "3000,50"
 * is 3000.50), its problem shown while typing, Next disabled until the amount is acceptable, and
 * the amount saved as a plain decimal.
 */
export function AmountForm(props: AmountFormProps) {
  const { orderId, currency, initialAmount, locked, lockedCny, rate, saving, onSave, children } = props;
  const { locale } = useLocale();
  const fail = useFailure();
  const payee = payeeCurrency(currency);
  const schema = useMemo(() => amountForm(payee, locale), [payee, locale]);
  const form = useDomainForm(schema, { defaultValues: { amount: typedAmount(initialAmount, locale) }, timing: 'whileTyping' });
  const plain = plainAmount(useWatch({ control: form.control, name: 'amount' }), locale) ?? '';
  // Next follows the amount itself: a refusal of the server shown beside the box does not disable it.
  const acceptable = payee !== null && checkAmount(plain, payee) === null;

  // An order's amount shows its problem at once, as if just typed.
  const { trigger } = form;
  useEffect(() => {
    if (initialAmount !== '') void trigger('amount');
  }, [initialAmount, trigger]);

  const submit = onSubmitOf(
    form.handleSubmit(async ({ amount }) => {
      try {
        await onSave(amount);
      } catch (error) {
        form.showServerErrors(error);
        fail(error);
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      {children}
      <AmountField form={form} currency={currency} locked={locked} />
      <Estimate currency={currency} estimate={cnyToShow(plain, payee, { lockedCny, rate })} lockedCny={lockedCny} rate={rate} />
      <QuotaLine request={quotaRequestOf(orderId, locked, { plain, payee })} />
      <StepActions nextDisabled={!acceptable} saving={saving} />
    </form>
  );
}

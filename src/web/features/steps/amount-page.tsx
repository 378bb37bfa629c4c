import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MAXIMUM_AMOUNT, checkAmount, estimateCny, minorUnitsOf } from '../../../domain/money.js';
import { Field } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT, type Translate } from '../../i18n/i18n.js';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useFormat } from '../../lib/use-format.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { createOrderMutation } from './api/create-order.js';
import { noticeQuery } from './api/find-notice.js';
import { orderQuery } from './api/find-order.js';
import { rateQuery } from './api/find-rate.js';
import { resourceQuery } from './api/find-resource.js';
import { stepMessages, type StepMessageKey } from './messages.js';
import { CC01_SITE, CC01_SOURCE } from './parts/external.js';
import { payeeCurrency } from './parts/payee-currency.js';
import { LoadFailed, Loading, StepActions, StepFrame } from './parts/step-frame.js';
import * as styles from './steps.css.js';

/** SPEC.md section 9: resource 996 pays in EUR even before its currency has loaded. */
const DEFAULT_CURRENCY_RESOURCE = '996';
const DEFAULT_CURRENCY = 'EUR';
const MAX_WHOLE_DIGITS = MAXIMUM_AMOUNT.length;

/** What the amount box may hold while typing: digits, and as many decimals as the currency has. */
function acceptsTyping(value: string, digits: number): boolean {
  const pattern = digits === 0 ? /^\d*$/ : new RegExp(`^\\d*(\\.\\d{0,${digits}})?$`);
  return pattern.test(value) && (value.split('.')[0] ?? '').length <= MAX_WHOLE_DIGITS;
}

/** The message under the amount, in the chosen language (the zh-CN texts are the domain's). */
function amountProblem(t: Translate<StepMessageKey>, amount: string, currency: string): string | null {
  const payee = payeeCurrency(currency);
  if (!payee || amount === '') return null;
  switch (checkAmount(amount, payee)) {
    case null:
      return null;
    case 'not_a_number':
    case 'unknown_currency':
      return t('amount.invalid');
    case 'too_many_decimals':
      return minorUnitsOf(payee) === 0 ? t('amount.noDecimals', { currency }) : t('amount.tooManyDecimals', { currency, digits: minorUnitsOf(payee) });
    case 'below_minimum':
      return t('amount.belowMinimum', { currency });
    case 'above_maximum':
      return t('amount.tooLarge');
  }
}

/** '{hospital} 将收到' with the name as a node (a link with from=cc01). */
function withHospital(template: string, hospital: ReactNode): ReactNode {
  const [before = '', after = ''] = template.split('{hospital}');
  return (
    <>
      {before}
      {hospital}
      {after}
    </>
  );
}

/** Step 1 (SPEC.md section 2): the amount in the payee's currency and the estimated CNY. */
export default function AmountPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const resourceParam = search.get('resource')?.trim() ?? '';
  const from = search.get('from')?.trim() ?? '';
  const t = useT(stepMessages);
  const navigate = useNavigate();
  const notify = useNotify();
  const fail = useFailure();
  const format = useFormat();
  const amountId = useId();

  // Nothing chosen to pay: say so and go home (once, whatever StrictMode replays).
  const noTarget = !id && !resourceParam;
  const redirected = useRef(false);
  useEffect(() => {
    if (!noTarget || redirected.current) return;
    redirected.current = true;
    notify.error(t('error.resourceMissing'));
    navigate('/', { replace: true });
  }, [noTarget, navigate, notify, t]);

  // A notice that cannot be read is no notice: no toast, no banner.
  const notice = useQuery({ ...noticeQuery(), enabled: !noTarget });
  const order = useQuery({ ...orderQuery(id ?? ''), enabled: Boolean(id) });
  useReportFailure(order.error, fail);
  const resourceId = id ? (order.data?.resource ?? '') : resourceParam;
  const resource = useQuery({ ...resourceQuery(resourceId), enabled: resourceId !== '' });
  useReportFailure(resource.error, fail);

  const currency =
    order.data?.currency || resource.data?.currency || (resourceId === DEFAULT_CURRENCY_RESOURCE ? DEFAULT_CURRENCY : '');
  const rate = useQuery({ ...rateQuery(currency), enabled: currency !== '' });

  const [amount, setAmount] = useState('');
  const seeded = useRef(false);
  const freshOrder = dataFetchedAfterMount(order);
  useEffect(() => {
    if (!freshOrder || seeded.current) return;
    seeded.current = true;
    setAmount(freshOrder.amount);
  }, [freshOrder]);

  const create = useMutation(createOrderMutation());
  const saving = create.isPending;
  if (noTarget) return null;

  const digits = minorUnitsOf(currency);
  const locked = order.data !== undefined && order.data.status !== 0;
  const problem = amountProblem(t, amount, currency);
  const payee = payeeCurrency(currency);
  const valid = payee !== null && amount !== '' && checkAmount(amount, payee) === null;
  // A confirmed order shows its locked CNY amount; otherwise the live estimate.
  const lockedCny = locked ? (order.data?.cny_amount ?? null) : null;
  const estimate = lockedCny ?? (payee && rate.data !== undefined ? estimateCny(amount, payee, rate.data, '0') : '0.00');

  const onAmount = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value.replace(/[\s,]/g, '');
    if (!acceptsTyping(typed, digits)) return;
    setAmount(typed.replace(/^0+(?=\d)/, ''));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    if (locked && order.data) {
      // A confirmed order keeps its amount: continue to its payment.
      navigate(order.data.status === 1 ? `/step/pay/${order.data.id}` : `/order/${order.data.id}`);
      return;
    }
    try {
      const created = await create.mutateAsync({ ...(id ? { id } : {}), resource: resourceId, amount, from });
      navigate(`/step/accept/${created.id}`);
    } catch (error) {
      fail(error);
    }
  };

  const banner =
    notice.data !== undefined && notice.data.trim() !== '' ? (
      <aside className={styles.notice} aria-label={t('amount.notice')} data-testid="notice">
        <span className={styles.noticeTag}>{t('amount.notice')}</span>
        <span>{notice.data}</span>
      </aside>
    ) : null;

  const failedQuery = order.isError && !order.data ? order : !currency && resource.isError ? resource : null;
  const failed = failedQuery && (() => void failedQuery.refetch());
  const name = resource.data?.name ?? order.data?.resource_name ?? '';
  const hospital =
    from === CC01_SOURCE && name ? (
      <a href={CC01_SITE} target="_blank" rel="noopener noreferrer">
        {name}
        <span className={styles.visuallyHidden}>
          {t('amount.externalLink')}
        </span>
      </a>
    ) : (
      <span>{name || '…'}</span>
    );

  return (
    <StepFrame step="amount" title={t('amount.title')} banner={banner}>
      {failed ? (
        <LoadFailed onRetry={failed} />
      ) : !currency ? (
        <Loading />
      ) : (
        <form onSubmit={submit} noValidate>
          <div className={styles.institution}>
            <span className={styles.institutionLabel}>{t('amount.institution')}</span>
            <p className={styles.receiveLine} data-testid="receive-line">
              {withHospital(t('amount.willReceive'), hospital)}
            </p>
            {resource.data?.name_en && resource.data.name_en !== name && <span className={styles.nameEn}>{resource.data.name_en}</span>}
          </div>
          {locked && <p className={styles.infoBox}>{t('amount.locked')}</p>}
          <Field
            label={t('amount.amountLabel')}
            htmlFor={amountId}
            error={problem}
            hint={locked ? null : `${t('amount.minimumHint', { currency })} · ${digits === 0 ? t('amount.noDecimalsHint', { currency }) : t('amount.decimalsHint', { currency, digits })}`}
          >
            <div className={styles.amountGroup} data-invalid={problem ? 'true' : undefined}>
              <span className={styles.currencyTag} data-testid="currency">
                {currency}
              </span>
              <input
                id={amountId}
                className={styles.amountInput}
                type="text"
                inputMode={digits === 0 ? 'numeric' : 'decimal'}
                autoComplete="off"
                placeholder={t('amount.placeholder')}
                value={amount}
                onChange={onAmount}
                readOnly={locked}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${amountId}-error` : undefined}
              />
            </div>
          </Field>
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
                  {rate.data !== undefined
                    ? t('amount.rate', { currency, rate: format.number(rate.data) })
                    : rate.isError
                      ? t('amount.rateUnavailable')
                      : '\u00a0'}
                </div>
                <div className={styles.estimateNote}>{t('amount.estimateNote')}</div>
              </>
            )}
          </div>
          <StepActions nextDisabled={!valid} saving={saving} />
        </form>
      )}
    </StepFrame>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CheckQuote, OrderView } from '../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { isTagged } from '../../../domain/order/progress.js';
import { ApiError } from '../../lib/api-client.js';
import { Button } from '../../components/form.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useFormat } from '../../lib/use-format.js';
import { useInstitutionName } from '../../lib/institution-name.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { orderQuery } from './api/find-order.js';
import { quoteQuery } from './api/find-quote.js';
import { updateCheckMutation } from './api/update-check.js';
import { stepMessages } from './messages.js';
import { QuotaLine } from './quota-line.js';
import { accountLayout } from './parts/account-layout.js';
import { LoadFailed, Loading, OrderStepPage, StepActions } from './parts/step-frame.js';
import { useLookalikeGuard } from './parts/use-lookalike-guard.js';
import * as styles from './steps.css.js';

const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');

/** [test id, term, value (empty shows 'not given'), emphasised] */
type Row = readonly [string, string, ReactNode, boolean?];

function Section({ id, title, rows }: { id: string; title: string; rows: readonly (Row | null)[] }) {
  const t = useT(stepMessages);
  return (
    <section className={styles.summarySection} aria-labelledby={`summary-${id}-title`} data-testid={`summary-section-${id}`}>
      <h2 id={`summary-${id}-title`} className={styles.summaryHeading}>
        {title}
      </h2>
      <dl className={styles.summary}>
        {rows.map((row) => {
          if (!row) return null;
          const [key, term, value, strong] = row;
          return (
            <div key={key} className={styles.summaryRow} data-testid={`summary-${key}`}>
              <dt className={styles.summaryTerm}>{term}</dt>
              <dd className={strong ? `${styles.summaryValue} ${styles.summaryStrong}` : styles.summaryValue}>
                {value ? value : <span className={styles.summaryEmpty}>{t('check.empty')}</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** Where the money goes: the institution and every account field its currency has (step 2). */
function AccountSection({ order }: { order: OrderView }) {
  const t = useT(stepMessages);
  const institutionName = useInstitutionName();
  const layout = accountLayout(order.currency);
  return (
    <Section
      id="account"
      title={t('check.accountSection')}
      rows={[
        ['institution', t('check.institution'), institutionName(order.resource_name, order.resource_name_en)],
        ['account-name', t('accept.accountName'), order.accept_account_name],
        ['account-no', t(layout.accountNo), order.accept_account_no],
        layout.transitCode ? ['transit-code', t(layout.transitCode), order.transit_code] : null,
        layout.branch ? ['branch', t('accept.branch'), order.bank_branches] : null,
        ['bank', t('accept.bank'), order.accept_bank],
        ['swift', t('accept.swift'), order.accept_swift],
        ['address', t('accept.address'), order.accept_address],
        ['reference', t('accept.reference'), order.accept_reference],
      ]}
    />
  );
}

function PayerSection({ order }: { order: OrderView }) {
  const t = useT(stepMessages);
  return (
    <Section
      id="payer"
      title={t('check.payerSection')}
      rows={[
        ['patient-name', t('check.patientName'), `${order.student_last_name}${order.student_first_name}`],
        ['patient-pinyin', t('check.patientPinyin'), joined(order.student_last_name_pinyin, order.student_first_name_pinyin)],
        ['email', t('check.email'), order.student_email],
        ['phone', t('check.phone'), order.payer_phone ? joined(order.payer_code || '+86', order.payer_phone) : ''],
        ['remittance', t('check.reference'), order.accept_remittance],
      ]}
    />
  );
}

/** What confirming locks: the rate, the markup, the CNY amount and the time left to pay. */
function PriceSection({ order, quote }: { order: OrderView; quote: CheckQuote }) {
  const t = useT(stepMessages);
  const format = useFormat();
  const rateLine = (rate: string) => t('check.rateLine', { currency: order.currency, rate: format.number(rate) });
  return (
    <Section
      id="price"
      title={t('check.priceSection')}
      rows={[
        ['amount', t('check.amount'), format.money(order.amount, order.currency)],
        ['rate', t('check.baseRate'), rateLine(quote.rate)],
        ['markup', t('check.markup'), format.percent(quote.markup)],
        ['reserved-rate', t('check.reservedRate'), rateLine(quote.reserved_amount_rate)],
        ['cny', t('check.cnyToLock'), format.money(quote.cny_amount, 'CNY'), true],
        ['window', t('check.paymentWindow'), t('check.paymentHours', { hours: format.number(String(quote.payment_hours)) })],
      ]}
    />
  );
}

function QuoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = useT(stepMessages);
  const tc = useT(commonMessages);
  return (
    <div className={styles.failure} role="alert" data-testid="quote-failed">
      <div>{t('check.quoteFailed')}</div>
      <Button variant="secondary" onClick={onRetry}>
        {tc('common.retry')}
      </Button>
    </div>
  );
}

function CheckForm({ id }: { id: string }) {
  const t = useT(stepMessages);
  const navigate = useNavigate();
  const fail = useFailure();
  const order = useQuery(orderQuery(id));
  useReportFailure(order.error, fail);
  // What is confirmed must be what the server has now, not a copy from before the last step.
  const current = dataFetchedAfterMount(order);
  const draft = current !== undefined && isTagged(current.status, ORDER_TAGS.editable);
  const quote = useQuery({ ...quoteQuery(id), enabled: draft });
  const confirm = useMutation(updateCheckMutation());
  // Before confirming: another open order for the same institution, amount and patient may be this payment already.
  const lookalikes = useLookalikeGuard(true);
  const saving = confirm.isPending || lookalikes.checking;

  if (order.isError && !order.data) return <LoadFailed onRetry={() => void order.refetch()} />;
  if (!current) return <Loading />;
  // A rate that moved since it was shown is refused by the server; the refetch shows the new one.
  const shown = quote.isFetching ? undefined : quote.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // Only a draft is confirmed; an order confirmed before goes straight on to its payment.
    if (!draft) {
      navigate(`/step/pay/${id}`);
      return;
    }
    if (!shown) return;
    const confirmShown = async () => {
      try {
        const confirmed = await confirm.mutateAsync({ id, reserved_amount_rate: shown.reserved_amount_rate, cny_amount: shown.cny_amount });
        await navigate(`/step/pay/${confirmed.id}`);
      } catch (error) {
        fail(error);
        // The institution's account changed since step 2: step 2 shows the account in force and records it.
        if (error instanceof ApiError && error.code === 'payee_account_changed') await navigate(`/step/accept/${id}`);
      }
    };
    await lookalikes.guard({ id }, confirmShown);
  };

  return (
    // submit shows its own failures: the form has nothing to wait for.
    <form onSubmit={(event) => void submit(event)}>
      <p className={styles.intro}>{t('check.intro')}</p>
      <AccountSection order={current} />
      <PayerSection order={current} />
      {!draft ? null : shown ? (
        <PriceSection order={current} quote={shown} />
      ) : quote.isError && !quote.isFetching ? (
        <QuoteUnavailable onRetry={() => void quote.refetch()} />
      ) : (
        <div className={styles.state} role="status" aria-busy="true">
          {t('check.quoteLoading')}
        </div>
      )}
      <QuotaLine request={{ id }} />
      {/* The button says what it does on a draft; an order confirmed before only moves on. */}
      <StepActions
        backTo={`/step/send/${id}`}
        saving={saving}
        nextDisabled={draft && !shown}
        nextLabel={draft ? t('check.confirm') : undefined}
      />
      {lookalikes.dialog}
    </form>
  );
}

/** Step 4 (SPEC.md section 2): a read-only summary with the price confirming locks; Next confirms the order. */
export default function CheckPage() {
  return <OrderStepPage step="check" Screen={CheckForm} />;
}

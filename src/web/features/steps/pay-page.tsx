import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { estimateCny, scanPaymentAllowed } from '../../../domain/money.js';
import { Button } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useFormat } from '../../lib/use-format.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { orderQuery } from './api/find-order.js';
import { rateQuery } from './api/find-rate.js';
import { PAY_BANK, updatePayMutation, type PayBank } from './api/update-pay.js';
import { stepMessages, type StepMessageKey } from './messages.js';
import { BankIcon, ScanIcon } from './parts/pay-icons.js';
import { payeeCurrency } from './parts/payee-currency.js';
import { LoadFailed, Loading, OrderStepPage } from './parts/step-frame.js';
import * as styles from './steps.css.js';

interface Method {
  readonly bank: PayBank;
  readonly key: 'scan' | 'transfer';
  readonly title: StepMessageKey;
  readonly limit: StepMessageKey;
  readonly icon: ReactNode;
  readonly iconClass: string;
}

const METHODS: readonly Method[] = [
  { bank: PAY_BANK.scan, key: 'scan', title: 'pay.scanTitle', limit: 'pay.scanLimit', icon: <ScanIcon />, iconClass: styles.payIconScan },
  {
    bank: PAY_BANK.transfer,
    key: 'transfer',
    title: 'pay.transferTitle',
    limit: 'pay.transferLimit',
    icon: <BankIcon />,
    iconClass: styles.payIconBank,
  },
];

/** Above the scan limit only bank transfer is offered (the server refuses scan there too); scan is suggested below it. */
function offeredMethods(cny: string | null) {
  const scanOffered = cny === null || scanPaymentAllowed(cny);
  const methods = scanOffered ? METHODS : METHODS.filter((method) => method.key !== 'scan');
  const suggested: Method['key'] = scanOffered ? 'scan' : 'transfer';
  return { methods, suggested, scanOffered };
}

function ScanUnavailable() {
  const t = useT(stepMessages);
  return (
    <p className={styles.estimateNote} data-testid="scan-unavailable">
      {t('pay.scanUnavailable')}
    </p>
  );
}

function PayChoice({ id }: { id: string }) {
  const t = useT(stepMessages);
  const navigate = useNavigate();
  const fail = useFailure();
  const format = useFormat();
  const order = useQuery(orderQuery(id));
  useReportFailure(order.error, fail);
  // The amounts shown are the server's now, not a copy from before the last step.
  const current = dataFetchedAfterMount(order);
  // The CNY amount is locked when the order is confirmed; before that it can only be estimated.
  const unconfirmed = current && !current.cny_amount ? current : null;
  const rate = useQuery({ ...rateQuery(unconfirmed?.currency ?? ''), enabled: unconfirmed !== null });
  const save = useMutation(updatePayMutation());
  const saving: PayBank | null = save.isPending ? save.variables.bank : null;

  if (order.isError && !order.data) return <LoadFailed onRetry={() => void order.refetch()} />;
  if (!current) return <Loading />;

  const payee = payeeCurrency(current.currency);
  const cny = current.cny_amount ?? (payee && rate.data !== undefined ? estimateCny(current.amount, payee, rate.data, '0') : null);
  const { methods, suggested, scanOffered } = offeredMethods(cny);

  const choose = async (bank: PayBank) => {
    if (saving) return;
    try {
      await save.mutateAsync({ id, bank });
      navigate(`/order/${id}`);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <>
      <div className={styles.payCards}>
        {methods.map((method) => {
          const isSuggested = method.key === suggested;
          const title = t(method.title);
          return (
            <section
              key={method.key}
              className={styles.payCard}
              data-suggested={isSuggested}
              data-testid={`pay-${method.key}`}
              aria-labelledby={`pay-${method.key}-title`}
            >
              {isSuggested && <span className={styles.payBadge}>{t('pay.suggested')}</span>}
              <div className={styles.payHead}>
                <span className={method.iconClass} aria-hidden="true">
                  {method.icon}
                </span>
                <h2 id={`pay-${method.key}-title`} className={styles.payTitle}>
                  {title}
                </h2>
              </div>
              <div className={styles.payAmountLabel}>{t('pay.amount')}</div>
              <div className={styles.payAmount} data-testid={`pay-${method.key}-amount`}>
                {cny === null ? 'CNY —' : format.money(cny, 'CNY')}
              </div>
              <div className={styles.payLimit}>{t(method.limit)}</div>
              <Button
                variant={isSuggested ? 'primary' : 'secondary'}
                loading={saving === method.bank}
                disabled={saving !== null}
                aria-label={t('pay.selectNamed', { method: title })}
                onClick={() => void choose(method.bank)}
              >
                {t('pay.select')}
              </Button>
            </section>
          );
        })}
      </div>
      {!scanOffered && <ScanUnavailable />}
      {/* A confirmed order's amount is locked: there is nothing to go back and change. */}
      {!current.cny_amount && (
        <div className={styles.payFooter}>
          <Link to={`/step/amount/${id}`}>← {t('pay.back')}</Link>
          <span className={styles.estimateNote}>{t('pay.estimate')}</span>
        </div>
      )}
    </>
  );
}

/** Step 5 (SPEC.md section 2): WeChat scan payment (≤ CNY 50,000) or bank transfer (above). */
export default function PayPage() {
  return <OrderStepPage step="pay" Screen={PayChoice} />;
}

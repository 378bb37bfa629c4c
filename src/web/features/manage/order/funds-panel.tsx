import { Decimal } from 'decimal.js';
import type { ManageOrderDetail } from '../../../../domain/contract/manage.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import * as styles from '../manage.css.js';
import { orderPageMessages } from './messages.js';
import { useWords } from './order-history.js';
import { RefundDialog } from './refund-dialog.js';

/** The balance in words: still owed (negative), to refund (positive) or settled. */
function useBalanceText() {
  const t = useT(orderPageMessages);
  const format = useFormat();
  return (balance: string) => {
    const value = new Decimal(balance);
    if (value.isZero()) return t('funds.settled');
    const amount = format.money(value.abs().toFixed(2), 'CNY');
    return value.isNegative() ? t('funds.owed', { amount }) : t('funds.toRefund', { amount });
  };
}

function Entries({ order }: { order: ManageOrderDetail }) {
  const t = useT(orderPageMessages);
  const format = useFormat();
  const words = useWords();
  if (order.funds.entries.length === 0) return <p className={styles.muted}>{t('funds.none')}</p>;
  return (
    <ul className={styles.entryList} aria-label={t('funds.entries')} data-testid="funds-entries">
      {order.funds.entries.map((entry, index) => (
        <li key={`${entry.reference}-${index}`} className={styles.entryItem} data-testid="funds-entry">
          <div className={styles.entryHead}>
            <strong>{t(`kind.${entry.kind}`)}</strong>
            <span className={styles.nowrap}>{format.money(entry.amount_cny, 'CNY')}</span>
          </div>
          <div className={styles.muted}>
            {t('funds.referenceCol')}: {entry.reference || '—'}
          </div>
          <div className={styles.muted}>
            {format.chinaTime(entry.at)} · {t('funds.by')}: {words.role(entry.by)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Due, received, refunded and the balance, every money entry, and (admins) the refund. */
export function FundsPanel({ order, editable }: { order: ManageOrderDetail; editable: boolean }) {
  const t = useT(orderPageMessages);
  const format = useFormat();
  const balanceText = useBalanceText();
  const { funds } = order;
  const figures = [
    ['due', t('funds.due'), format.money(funds.due_cny, 'CNY')],
    ['received', t('funds.received'), format.money(funds.received_cny, 'CNY')],
    ['refunded', t('funds.refunded'), format.money(funds.refunded_cny, 'CNY')],
    ['balance', t('funds.balance'), balanceText(funds.balance_cny)],
  ] as const;
  return (
    <section className={styles.card} aria-label={t('funds.title')} data-testid="funds-panel">
      <h2 className={styles.cardTitle}>{t('funds.title')}</h2>
      <dl className={styles.fields}>
        {figures.map(([key, label, value]) => (
          <div key={key} className={styles.contents}>
            <dt className={styles.fieldName}>{label}</dt>
            <dd className={styles.fieldValue} data-testid={`funds-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subTitle}>{t('funds.entries')}</h3>
      <Entries order={order} />
      {editable && new Decimal(funds.refundable_cny).greaterThan(0) && <RefundDialog order={order} />}
    </section>
  );
}

import type { OrderView } from '../../../../domain/contract/order.js';
import { compareMoney } from '../../../../domain/money.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** The online payment methods: bank 1 pays by card, bank 3 by WeChat Pay. */
type OnlineBank = 1 | 3;

/**
 * What the payer pays, what the institution receives, and how. Once part of the money is in and
 * some is still to pay (12), the big figure is what is still to pay, beside the order's amount.
 */
export function PaymentFacts({ order, bank }: { order: OrderView; bank: OnlineBank | null }) {
  const t = useT(orderDetailMessages);
  const format = useFormat();
  const partlyPaid = compareMoney(order.paid_cny, '0') > 0 && compareMoney(order.outstanding_cny, '0') > 0;
  return (
    <dl className={styles.facts}>
      <dt className={styles.factLabel}>{partlyPaid ? t('pay.outstanding') : t('pay.amount')}</dt>
      <dd className={styles.factValue} data-testid="amount-to-pay">
        <span className={styles.bigAmount}>{format.money(partlyPaid ? order.outstanding_cny : (order.cny_amount ?? '0'), 'CNY')}</span>
      </dd>
      {partlyPaid && (
        <>
          <dt className={styles.factLabel}>{t('pay.due')}</dt>
          <dd className={styles.factValue}>{format.money(order.cny_amount ?? '0', 'CNY')}</dd>
        </>
      )}
      <dt className={styles.factLabel}>{t('institution.amount')}</dt>
      <dd className={styles.factValue}>{format.money(order.amount, order.currency)}</dd>
      <dt className={styles.factLabel}>{t('pay.method')}</dt>
      <dd className={styles.factValue} data-testid="pay-method">
        {bank ? t(`pay.method.${bank}`) : t('pay.method.none')}
      </dd>
    </dl>
  );
}

/** The button that starts paying online with the order's method, busy while the link is made. */
export function PayOnlineButton({ bank, busy, onPay }: { bank: OnlineBank; busy: boolean; onPay: () => void }) {
  const t = useT(orderDetailMessages);
  return (
    <div className={styles.buttonRow}>
      <button
        type="button"
        className={bank === 1 ? styles.payButtonKind.card : styles.payButtonKind.wechat}
        onClick={onPay}
        disabled={busy}
        aria-busy={busy}
      >
        {t(`pay.button.${bank}`)}
      </button>
    </div>
  );
}

import type { OrderView } from '../../../../domain/contract/order.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** The online payment methods: bank 1 pays by card, bank 3 by WeChat Pay. */
type OnlineBank = 1 | 3;

/** What the payer pays, what the institution receives, and how. */
export function PaymentFacts({ order, bank }: { order: OrderView; bank: OnlineBank | null }) {
  const t = useT(orderDetailMessages);
  const format = useFormat();
  return (
    <dl className={styles.facts}>
      <dt className={styles.factLabel}>{t('pay.amount')}</dt>
      <dd className={styles.factValue}>
        <span className={styles.bigAmount}>{format.money(order.cny_amount ?? '0', 'CNY')}</span>
      </dd>
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

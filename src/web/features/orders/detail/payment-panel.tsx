import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../domain/contract/order.js';
import { compareMoney } from '../../../../domain/money.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../../domain/order/progress.js';
import type { Status } from '../../../../domain/order/status.js';
import { useT } from '../../../i18n/i18n.js';
import type { Abilities } from './abilities.js';
import { orderDetailMessages } from './messages.js';
import { PayNoticeView } from './pay-notice.js';
import { PaymentFacts, PayOnlineButton } from './payment-parts.js';
import { TransferDeclaration, TransferInstructions } from './transfer-declaration.js';
import { useOnlinePayment } from './use-online-payment.js';
import * as styles from './order-detail.css.js';

/**
 * Panel 1 (SPEC.md "Order detail"). The method keeps the name the payer chose on step 5. Bank 1,
 * bank transfer: the account, the exact CNY amount and the postscript, then the payer's
 * declaration "I have transferred" after a confirmation; paying online by card instead goes
 * through the card-scheme checkout (inside WeChat the page goes there, elsewhere a new page
 * opens). Bank 3, WeChat Pay: the scan QR outside WeChat (on a phone also the payment page, the
 * QR image to save, or another method), inside WeChat the pay link. Card and WeChat payments are
 * confirmed by the provider's signed call: the page says it waits, and follows the order by itself.
 */
/** Declared transferred, the money not (all) in yet: "paid" would be a claim, not a fact. */
const moneyAwaited = (order: OrderView): boolean => compareMoney(order.paid_cny, order.cny_amount ?? '0') < 0;

export function PaymentPanel({ order, status, abilities }: { order: OrderView; status: Status; abilities: Abilities }) {
  const t = useT(orderDetailMessages);
  const { busy, notice, payByCard, payByWeChat } = useOnlinePayment(order);
  const bank = order.bank === 1 || order.bank === 3 ? order.bank : null;
  const payable = abilities.paymentDue && bank !== null;

  return (
    <div data-testid="payment-panel">
      <PaymentFacts order={order} bank={bank} />

      {statusHasTag(status, ORDER_TAGS.editable) && (
        <Link className={styles.payButtonKind.plain} to={`/step/amount/${encodeURIComponent(order.id)}`}>
          {t('pay.completeInfo')}
        </Link>
      )}
      {abilities.chooseMethod && bank === null && (
        <Link className={styles.payButtonKind.plain} to={`/step/pay/${encodeURIComponent(order.id)}`}>
          {t('pay.choose')}
        </Link>
      )}
      {payable && bank === 1 && (
        <>
          <TransferInstructions order={order} />
          {abilities.finishPay && (
            <div className={styles.buttonRow}>
              <TransferDeclaration order={order} className={styles.payButtonKind.plain} />
            </div>
          )}
          <p className={styles.muted}>{t('pay.online')}</p>
          <PayOnlineButton bank={1} busy={busy} onPay={payByCard} />
        </>
      )}
      {payable && bank === 3 && <PayOnlineButton bank={3} busy={busy} onPay={payByWeChat} />}
      {!abilities.paymentDue && !statusHasTag(status, ORDER_TAGS.editable) && (
        <p className={styles.muted}>
          {statusHasTag(status, ORDER_TAGS.calledOff) ? t('pay.ended') : moneyAwaited(order) ? t('pay.declared') : t('pay.paid')}
        </p>
      )}

      <PayNoticeView notice={notice} order={order} abilities={abilities} />
    </div>
  );
}

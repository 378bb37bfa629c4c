import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../domain/contract/order.js';
import { useT } from '../../../i18n/i18n.js';
import { inWeChat, isPhoneWidth } from '../../../lib/environment.js';
import type { Abilities } from './abilities.js';
import { orderDetailMessages } from './messages.js';
import type { PayNotice } from './use-online-payment.js';
import * as styles from './order-detail.css.js';

/** A phone browser outside WeChat: a QR code shown on it cannot be scanned by the same phone. */
const onPhoneOutsideWeChat = (): boolean =>
  !inWeChat() && (/Android|iPhone|iPad|Mobile/i.test(navigator.userAgent) || (typeof window.matchMedia === 'function' && isPhoneWidth()));

/** After an online payment started: where to pay, and that the page waits for the provider's word. */
export function PayNoticeView({ notice, order, abilities }: { notice: PayNotice; order: OrderView; abilities: Abilities }) {
  const t = useT(orderDetailMessages);
  if (notice?.kind === 'newPage') {
    return (
      <div className={styles.notice} role="status">
        <strong>{t('pay.newPage')}</strong>
        <Awaiting />
      </div>
    );
  }
  if (notice?.kind !== 'qr') return null;
  const phone = onPhoneOutsideWeChat();
  return (
    <div className={styles.qr} role="status">
      <img className={styles.qrImage} src={notice.src} alt={t('pay.qrAlt')} data-testid="pay-qr" />
      <strong>{inWeChat() ? t('pay.longPress') : phone ? t('pay.mobileHint') : t('pay.scan')}</strong>
      {phone && (
        <div className={styles.buttonRow} data-testid="pay-phone-options">
          {notice.link && (
            <a className={styles.payButtonKind.wechat} href={notice.link} rel="noopener">
              {t('pay.mobileOpen')}
            </a>
          )}
          <a className={styles.smallButton} href={notice.src} download={`wechat-pay-${order.id}.svg`}>
            {t('pay.saveQr')}
          </a>
          {abilities.chooseMethod && (
            <Link className={styles.smallButton} to={`/step/pay/${encodeURIComponent(order.id)}`}>
              {t('pay.switch')}
            </Link>
          )}
        </div>
      )}
      <Awaiting />
    </div>
  );
}

function Awaiting() {
  const t = useT(orderDetailMessages);
  return (
    <p className={styles.muted} data-testid="pay-awaiting">
      {t('pay.awaiting')} {t('pay.afterPaying')}
    </p>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../../domain/order/progress.js';
import type { Status } from '../../../../domain/order/status.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { inWeChat, isPhoneWidth } from '../../../lib/environment.js';
import { useFormat } from '../../../lib/use-format.js';
import { errorText } from '../../../lib/error-text.js';
import type { Abilities } from './abilities.js';
import { makeGoallPayLinkMutation } from './api/make-goall-pay-link.js';
import { makeJiMuPayLinkMutation } from './api/make-jimu-pay-link.js';
import { orderDetailMessages } from './messages.js';
import { TransferDeclaration, TransferInstructions } from './transfer-declaration.js';
import * as styles from './order-detail.css.js';

type PayNotice = { readonly kind: 'newPage' } | { readonly kind: 'qr'; readonly src: string; readonly link: string | null } | null;

const isWebAddress = (value: string): boolean => /^https?:\/\//i.test(value);

/** The QR is drawn here, from the value the server gives; the library loads only when needed. */
async function qrImageOf(value: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A phone browser outside WeChat: a QR code shown on it cannot be scanned by the same phone. */
const onPhoneOutsideWeChat = (): boolean =>
  !inWeChat() && (/Android|iPhone|iPad|Mobile/i.test(navigator.userAgent) || (typeof window.matchMedia === 'function' && isPhoneWidth()));

/**
 * Panel 1 (SPEC.md "Order detail"). The method keeps the name the payer chose on step 5. Bank 1,
 * bank transfer: the account, the exact CNY amount and the postscript, then the payer's
 * declaration "I have transferred" after a confirmation; paying online by card instead goes
 * through the card-scheme checkout (inside WeChat the page goes there, elsewhere a new page
 * opens). Bank 3, WeChat Pay: the scan QR outside WeChat (on a phone also the payment page, the
 * QR image to save, or another method), inside WeChat the pay link. Card and WeChat payments are
 * confirmed by the provider's signed call: the page says it waits, and follows the order by itself.
 */
export function PaymentPanel({ order, status, abilities }: { order: OrderView; status: Status; abilities: Abilities }) {
  const t = useT(orderDetailMessages);
  const notify = useNotify();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PayNotice>(null);
  const { mutateAsync: makeGoallPayLink } = useMutation(makeGoallPayLinkMutation());
  const { mutateAsync: makeJiMuPayLink } = useMutation(makeJiMuPayLinkMutation());
  const bank = order.bank === 1 || order.bank === 3 ? order.bank : null;
  const wechat = inWeChat();

  const payByCard = async () => {
    // Opened before the call, while the click still counts as the user's: pop-up blockers allow it.
    const opened = wechat ? null : window.open('', '_blank');
    try {
      const url = await makeGoallPayLink(order.id);
      if (wechat) {
        window.location.assign(url);
        return;
      }
      if (opened) {
        opened.opener = null;
        opened.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
      setNotice({ kind: 'newPage' });
    } catch (error) {
      opened?.close();
      throw error;
    }
  };

  const payByWeChat = async () => {
    const value = await makeJiMuPayLink(order.id);
    if (wechat && isWebAddress(value)) {
      window.location.assign(value);
      return;
    }
    setNotice({ kind: 'qr', src: await qrImageOf(value), link: isWebAddress(value) ? value : null });
  };

  const pay = async (how: () => Promise<void>) => {
    setBusy(true);
    try {
      await how();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const methodLabel = bank ? t(`pay.method.${bank}`) : t('pay.method.none');
  const payable = abilities.paymentDue && bank !== null;
  const phone = notice?.kind === 'qr' && onPhoneOutsideWeChat();

  return (
    <div data-testid="payment-panel">
      <dl className={styles.facts}>
        <dt className={styles.factLabel}>{t('pay.amount')}</dt>
        <dd className={styles.factValue}>
          <span className={styles.bigAmount}>{format.money(order.cny_amount ?? '0', 'CNY')}</span>
        </dd>
        <dt className={styles.factLabel}>{t('institution.amount')}</dt>
        <dd className={styles.factValue}>{format.money(order.amount, order.currency)}</dd>
        <dt className={styles.factLabel}>{t('pay.method')}</dt>
        <dd className={styles.factValue} data-testid="pay-method">
          {methodLabel}
        </dd>
      </dl>

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
          <div className={styles.buttonRow}>
            <button
              type="button"
              className={styles.payButtonKind.card}
              onClick={() => void pay(payByCard)}
              disabled={busy}
              aria-busy={busy}
            >
              {t('pay.button.1')}
            </button>
          </div>
        </>
      )}
      {payable && bank === 3 && (
        <div className={styles.buttonRow}>
          <button
            type="button"
            className={styles.payButtonKind.wechat}
            onClick={() => void pay(payByWeChat)}
            disabled={busy}
            aria-busy={busy}
          >
            {t('pay.button.3')}
          </button>
        </div>
      )}
      {!abilities.paymentDue && !statusHasTag(status, ORDER_TAGS.editable) && (
        <p className={styles.muted}>{statusHasTag(status, ORDER_TAGS.calledOff) ? t('pay.ended') : t('pay.paid')}</p>
      )}

      {notice?.kind === 'newPage' && (
        <div className={styles.notice} role="status">
          <strong>{t('pay.newPage')}</strong>
          <p className={styles.muted} data-testid="pay-awaiting">
            {t('pay.awaiting')} {t('pay.afterPaying')}
          </p>
        </div>
      )}
      {notice?.kind === 'qr' && (
        <div className={styles.qr} role="status">
          <img className={styles.qrImage} src={notice.src} alt={t('pay.qrAlt')} data-testid="pay-qr" />
          <strong>{wechat ? t('pay.longPress') : phone ? t('pay.mobileHint') : t('pay.scan')}</strong>
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
          <p className={styles.muted} data-testid="pay-awaiting">
            {t('pay.awaiting')} {t('pay.afterPaying')}
          </p>
        </div>
      )}
    </div>
  );
}

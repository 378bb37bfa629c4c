import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../../domain/order/progress.js';
import type { Status } from '../../../../domain/order/status.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { inWeChat } from '../../../lib/environment.js';
import { useFormat } from '../../../lib/use-format.js';
import { errorText } from '../../../lib/error-text.js';
import type { Abilities } from './abilities.js';
import { makeGoallPayLinkMutation } from './api/make-goall-pay-link.js';
import { makeJiMuPayLinkMutation } from './api/make-jimu-pay-link.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

type PayNotice = { readonly kind: 'newPage' } | { readonly kind: 'qr'; readonly src: string } | null;

const isWebAddress = (value: string): boolean => /^https?:\/\//i.test(value);

/** The QR is drawn here, from the value the server gives; the library loads only when needed. */
async function qrImageOf(value: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Panel 1 (SPEC.md "Order detail"): bank 1 pays through the card-scheme checkout link (inside
 * WeChat the page goes there, elsewhere a new page opens); bank 3 shows the WeChat scan QR
 * outside WeChat, and inside WeChat goes to the pay link.
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
    setNotice({ kind: 'qr', src: await qrImageOf(value) });
  };

  const pay = async () => {
    setBusy(true);
    try {
      await (bank === 1 ? payByCard() : payByWeChat());
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const methodLabel = bank ? t(`pay.method.${bank}`) : t('pay.method.none');
  const mayPay = abilities.finishPay && bank !== null;

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

      {status === 0 && (
        <Link className={styles.payButtonKind.plain} to={`/step/amount/${encodeURIComponent(order.id)}`}>
          {t('pay.completeInfo')}
        </Link>
      )}
      {abilities.paymentDue && !mayPay && (
        <Link className={styles.payButtonKind.plain} to={`/step/pay/${encodeURIComponent(order.id)}`}>
          {t('pay.choose')}
        </Link>
      )}
      {mayPay && (
        <div className={styles.buttonRow}>
          <button type="button" className={bank === 3 ? styles.payButtonKind.wechat : styles.payButtonKind.card} onClick={() => void pay()} disabled={busy} aria-busy={busy}>
            {t(`pay.button.${bank}`)}
          </button>
        </div>
      )}
      {!abilities.paymentDue && status !== 0 && <p className={styles.muted}>{statusHasTag(status, ORDER_TAGS.calledOff) ? t('pay.ended') : t('pay.paid')}</p>}

      {notice?.kind === 'newPage' && (
        <div className={styles.notice} role="status">
          <strong>{t('pay.newPage')}</strong>
          <p className={styles.muted}>{t('pay.afterPaying')}</p>
        </div>
      )}
      {notice?.kind === 'qr' && (
        <div className={styles.qr} role="status">
          <img className={styles.qrImage} src={notice.src} alt={t('pay.qrAlt')} data-testid="pay-qr" />
          <strong>{wechat ? t('pay.longPress') : t('pay.scan')}</strong>
          <p className={styles.muted}>{t('pay.afterPaying')}</p>
        </div>
      )}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderView } from '../../../../domain/contract/order.js';
import { useNotify } from '../../../components/notify.js';
import { inWeChat } from '../../../lib/environment.js';
import { errorText } from '../../../lib/error-text.js';
import { makeGoallPayLinkMutation } from './api/make-goall-pay-link.js';
import { makeJiMuPayLinkMutation } from './api/make-jimu-pay-link.js';

/** What the page shows after starting an online payment: a checkout opened on a new page, or the QR to pay with. */
export type PayNotice = { readonly kind: 'newPage' } | { readonly kind: 'qr'; readonly src: string; readonly link: string | null } | null;

const isWebAddress = (value: string): boolean => /^https?:\/\//i.test(value);

/** The QR is drawn here, from the value the server gives; the library loads only when needed. */
async function qrImageOf(value: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Paying online: by card through the card-scheme checkout, or by WeChat Pay. Inside WeChat the
 * page goes to the payment; elsewhere the checkout opens on a new page and WeChat Pay shows a QR.
 * A failure is a red toast; `busy` covers the call.
 */
export function useOnlinePayment(order: OrderView) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PayNotice>(null);
  const { mutateAsync: makeGoallPayLink } = useMutation(makeGoallPayLinkMutation());
  const { mutateAsync: makeJiMuPayLink } = useMutation(makeJiMuPayLinkMutation());
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

  return { busy, notice, payByCard: () => void pay(payByCard), payByWeChat: () => void pay(payByWeChat) };
}

import { fillPayerDetails, type Actor, type OrderCommand, type OrderCommandType, type OrderSnapshot } from '../../src/domain/index.js';
import { Decimal } from 'decimal.js';
import { refundableOf } from '../../src/domain/funds/ledger.js';
import {
  ACCOUNT,
  AFTER_DEADLINE,
  ADMIN,
  BANK,
  LINK_TOKEN,
  OWNER,
  PARTNER,
  PAYER,
  RESERVE,
  SYSTEM,
  T0,
  UPLOADER,
  confirm,
  create,
  submitPartner,
  upload,
} from './support.js';

/**
 * A well-formed instance of each command, for the order as it stands, from the actor the table
 * names; `variant` picks between the two payments (full or short).
 */
export function sampleCommand(
  type: OrderCommandType,
  state: OrderSnapshot,
  variant: 'full' | 'short' = 'full',
): { command: OrderCommand; actor: Actor; now: string } {
  const order = state.context;
  const at = (command: OrderCommand, actor: Actor, now = T0) => ({ command, actor, now });
  switch (type) {
    case 'createOrder':
      return at(create(), OWNER);
    case 'submitPartnerOrder':
      return at(submitPartner(), PARTNER);
    case 'changeAmount':
      return at({ type, amount: '6000' }, OWNER);
    // Each save differs from what the order holds: a save that changes nothing is refused.
    case 'saveRecipientAccount':
      return at({ type, account: { ...ACCOUNT, accept_reference: `${order.account?.accept_reference ?? ''} rev` } }, OWNER);
    case 'savePayerDetails':
      return at({ type, payer: fillPayerDetails({ ...PAYER, student_email: `${order.payer?.student_email ?? ''}x@example.com` }) }, OWNER);
    case 'confirmOrder':
      return at(confirm, OWNER);
    case 'choosePaymentMethod':
      // The other method than the one chosen, so that choosing is a change.
      return at(order.bank === 1 ? { type, bank: 3 } : { type, bank: 1, reserve: RESERVE }, OWNER);
    case 'uploadFile':
      return at(upload('bill'), OWNER);
    case 'updateFiles': {
      // Every upload in the list, or none when the list already holds them all.
      const all = Object.keys(order.uploads);
      const listed = order.jsfile.map((file) => file.uid);
      const files = all.length === listed.length && all.every((uid) => listed.includes(uid)) ? [] : all.map((uid) => ({ uid }));
      return at({ type, files }, OWNER);
    }
    case 'finishUpload':
    case 'finishPay':
    case 'cancelOrder':
      return at({ type }, OWNER);
    case 'recordPayment':
      return at(
        { type, payment_id: `pay-${variant}-sample`, amount_cny: variant === 'full' ? (order.price?.cny_amount ?? '99999') : '1.00' },
        BANK,
      );
    case 'matchBankCredit': {
      const remaining = new Decimal(order.price?.cny_amount ?? '0').minus(order.paid_cny);
      const amount_cny = variant === 'short' || remaining.lte(0) ? '1.00' : remaining.toFixed(2);
      const credit = { entry_ref: `ENTRY-${variant}-sample`, booking_date: '2026-11-20', amount_cny };
      return at({ type, ...credit, payer_name: 'ZHANG SAN', payer_account: '6222020200001234567' }, ADMIN);
    }
    case 'recordRefund': {
      const refundable = refundableOf(order);
      const amount_cny = new Decimal(refundable).gt(0) ? refundable : '1.00';
      return at({ type, amount_cny, reference: 'RF-sample', reason: 'overpaid' }, ADMIN);
    }
    case 'postMessage':
      return at({ type, message_id: 'message-sample', text: '请问材料已收到吗？' }, OWNER);
    case 'requestMoreMaterials':
      return at({ type, note: 'passport page missing' }, BANK);
    case 'setStatus':
      return at({ type, status: 9 }, ADMIN);
    case 'expireOrder':
      return at({ type }, SYSTEM, AFTER_DEADLINE);
    case 'switchUploadLink':
      return at({ type, active: !order.active_upload_document, token: LINK_TOKEN }, ADMIN);
  }
}

export { UPLOADER };

import type { OrderView } from '../../../../domain/contract/order.js';
import { can } from '../../../../domain/order/decider.js';
import type { Actor } from '../../../../domain/order/events.js';
import { emptyOrderData, type PaymentMethod } from '../../../../domain/order/order-data.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { screenSnapshotOf } from '../../../../domain/order/progress.js';
import { isStatus } from '../../../../domain/order/status.js';

/** What the signed-in payer may do with the order now: the order machine's answers, never a copy of its rules. */
export interface Abilities {
  readonly cancel: boolean;
  readonly changeFiles: boolean;
  readonly finishUpload: boolean;
  /** finishUpload would be allowed once the order has a file (to show the button, disabled, before). */
  readonly finishUploadOnceFiles: boolean;
  /** The payer may declare a bank transfer made (bank 1 only: other methods are confirmed by their provider). */
  readonly finishPay: boolean;
  /** The payer may still choose the payment method (status 1, 2). */
  readonly chooseMethod: boolean;
  /** Payment is due: a method can be chosen, or money is awaited (1, 2, 3, 12). */
  readonly paymentDue: boolean;
  /** The payer may write to the back office on the order (until it ends). */
  readonly postMessage: boolean;
}

export const NO_ABILITIES: Abilities = {
  cancel: false,
  changeFiles: false,
  finishUpload: false,
  finishUploadOnceFiles: false,
  finishPay: false,
  chooseMethod: false,
  paymentDue: false,
  postMessage: false,
};

const PLACEHOLDER_FILE = { uid: 'placeholder', name: '', status: 'done', url: '' } as const;

const methodOf = (bank: number | null): PaymentMethod | null => (bank === 1 || bank === 3 ? bank : null);

/**
 * The API does not send the machine state, but the status and the fields the rules read are
 * enough. The server names the owner, so an admin viewing someone's order is offered none of
 * the payer's actions; the server decides again either way. The status an order resumes after
 * more materials is not sent: the domain's screen snapshot assumes one that answers the same.
 */
export function abilitiesOf(order: OrderView, userId: number | null, now: string): Abilities {
  if (userId === null || !isStatus(order.status)) return NO_ABILITIES;
  const owner = String(userId);
  const data = {
    ...emptyOrderData,
    id: order.id,
    // The owner the server names; only when it names none is the viewer taken as the owner.
    owner_id: order.user?.id !== undefined ? String(order.user.id) : owner,
    status: order.status,
    bank: methodOf(order.bank),
    deadline_date: order.deadline_date,
    jsfile: order.jsfile,
    active_upload_document: order.active_upload_document ?? false,
  };
  const snapshot = screenSnapshotOf(data);
  const actor: Actor = { id: owner, role: 'payer' };
  const chooseMethod = can(snapshot, { type: 'choosePaymentMethod', bank: 3 }, actor, now);
  const finishPay = can(snapshot, { type: 'finishPay' }, actor, now);
  return {
    cancel: can(snapshot, { type: 'cancelOrder' }, actor, now),
    changeFiles: can(snapshot, { type: 'updateFiles', files: [] }, actor, now),
    finishUpload: can(snapshot, { type: 'finishUpload' }, actor, now),
    finishUploadOnceFiles: can(screenSnapshotOf({ ...data, jsfile: [PLACEHOLDER_FILE] }), { type: 'finishUpload' }, actor, now),
    finishPay,
    chooseMethod,
    // The machine's tag, not finishPay: a WeChat or card payment is due without a declaration to make.
    paymentDue: chooseMethod || snapshot.hasTag(ORDER_TAGS.paymentDue),
    postMessage: can(snapshot, { type: 'postMessage', message_id: 'probe', text: 'probe' }, actor, now),
  };
}

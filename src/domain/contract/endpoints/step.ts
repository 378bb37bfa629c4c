import { z } from 'zod';
import {
  acceptUpdatePayload,
  amountCreatePayload,
  checkUpdatePayload,
  orderIdPayload,
  payUpdatePayload,
  sendUpdatePayload,
  updateFilePayload,
} from '../../validation/order-steps.js';
import { endpoint } from '../endpoint.js';
import { orderFiles, uploadAnswer } from '../documents.js';
import { checkQuote, orderRef, orderView } from '../order.js';
import { payLink, scanPayment } from '../payments.js';
import { orderMessageView, postedMessage, postMessagePayload } from '../order-messages.js';
import { idempotencyHeaders, uploadForm } from './requests.js';
import { quotaPayload } from '../../validation/quota.js';
import { quotaView } from '../quota.js';
import { lookalikeOrder, orderTemplate } from '../order-templates.js';
import { lookalikesPayload } from '../../validation/lookalikes.js';

/** How many of the payer's orders a page of findOrders holds unless its `limit` says. */
export const OWN_ORDERS_PAGE = 20;

/** A page of the payer's orders, newest first: after `cursor` (the `next` of the page before; none: the first page). */
const ownOrdersRequest = z
  .object({ cursor: z.string().max(200).optional(), limit: z.number().int().min(1).max(100).optional() })
  .optional();

/** The payer's own orders; staff create none and act on none as payers. */
const own = { allow: ['orders.own'] } as const;

/** The payer's order steps, documents and payment links (reading an order is open to the roles that read every order). */
export const stepEndpoints = {
  findOrder: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/find',
    access: { allow: ['orders.own', 'orders.read'], hide: true },
    body: orderIdPayload,
    data: orderView,
  }),
  findOrders: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/findOrders',
    access: own,
    body: ownOrdersRequest,
    data: z.array(orderView),
    answers: 'page',
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/api/v1/step/amount/create',
    access: own,
    body: amountCreatePayload,
    headers: idempotencyHeaders,
    data: orderRef,
    answers: 'command',
  }),
  updateAccept: endpoint({
    method: 'POST',
    path: '/api/v1/step/accept/update',
    access: own,
    body: acceptUpdatePayload,
    data: orderRef,
    answers: 'command',
  }),
  updateSend: endpoint({
    method: 'POST',
    path: '/api/v1/step/send/update',
    access: own,
    body: sendUpdatePayload,
    data: orderRef,
    answers: 'command',
  }),
  /** DESIGN.md section 11, "Quota": steps 1 and 4 show the order in USD against the payer's yearly allowance. */
  findQuota: endpoint({ method: 'POST', path: '/api/v1/step/quota', access: own, body: quotaPayload, data: quotaView }),
  /** Issue 24: the payer's earlier orders that steps 2 and 3 of this order may be filled from, newest first. */
  orderTemplates: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/templates',
    access: own,
    body: orderIdPayload,
    data: z.array(orderTemplate).max(10),
  }),
  /** Issue 24: the payer's other open orders for the same institution and amount (and patient, given an order): a warning, never a refusal. */
  orderLookalikes: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/lookalikes',
    access: own,
    body: lookalikesPayload,
    data: z.array(lookalikeOrder),
  }),
  findQuote: endpoint({ method: 'POST', path: '/api/v1/step/check/quote', access: own, body: orderIdPayload, data: checkQuote }),
  updateCheck: endpoint({
    method: 'POST',
    path: '/api/v1/step/check/update',
    access: own,
    body: checkUpdatePayload,
    data: orderRef,
    answers: 'command',
  }),
  updatePay: endpoint({
    method: 'POST',
    path: '/api/v1/step/pay/update',
    access: own,
    body: payUpdatePayload,
    data: orderRef,
    answers: 'command',
  }),
  finishPay: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/finishPay',
    access: own,
    body: orderIdPayload,
    data: orderRef,
    answers: 'command',
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/cancel',
    access: own,
    body: orderIdPayload,
    data: orderRef,
    answers: 'command',
  }),
  uploadFiles: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/upload',
    access: own,
    kind: 'multipart',
    body: uploadForm('id', 'The order'),
    data: uploadAnswer,
    answers: 'command',
  }),
  updateFiles: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/updateFile',
    access: own,
    body: updateFilePayload,
    data: orderFiles,
    answers: 'command',
  }),
  finishUpload: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/finishUpload',
    access: own,
    body: orderIdPayload,
    data: orderRef,
    answers: 'command',
  }),
  /** DESIGN.md section 11: the order's message thread (admins and auditors read it through manage). */
  orderMessages: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/messages',
    access: { allow: ['orders.own', 'orders.read'], hide: true },
    body: orderIdPayload,
    data: z.array(orderMessageView),
  }),
  postOrderMessage: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/message',
    access: own,
    body: postMessagePayload,
    data: postedMessage,
    answers: 'command',
  }),
  makeGoallPayLink: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/makeGoallPayLink',
    access: own,
    body: orderIdPayload,
    data: payLink,
  }),
  makeJiMuPayLink: endpoint({
    method: 'POST',
    path: '/api/v1/step/order/makeJiMuPayLink',
    access: own,
    body: orderIdPayload,
    data: scanPayment,
  }),
};

import { z } from 'zod';
import { orderIdField } from '../../validation/fields.js';
import { endpoint } from '../endpoint.js';
import { receiptCheck, signedReceipt } from '../receipts.js';

/** The receipt number as it appears in links and on the PDF. */
const receiptNo = z.string().trim().max(40);

/**
 * Receipts (DESIGN.md section 11): the signed PDF for the order's owner, admins and auditors, and the
 * public check anyone holding a receipt (or its number) may make.
 */
export const receiptEndpoints = {
  receiptPdf: endpoint({
    method: 'GET',
    path: '/api/v1/step/order/receipt.pdf',
    access: { allow: ['orders.own', 'orders.read'], hide: true },
    kind: 'file',
    query: z.object({ id: orderIdField }),
  }),
  findReceipt: endpoint({
    method: 'GET',
    path: '/api/v1/public/receipts/:receipt_no',
    access: 'public',
    params: z.object({ receipt_no: receiptNo }),
    data: receiptCheck,
  }),
  verifyReceipt: endpoint({
    method: 'POST',
    path: '/api/v1/public/receipts/verify',
    access: 'public',
    body: signedReceipt,
    data: receiptCheck,
  }),
};

import { receiptEndpoints } from '../../domain/contract/endpoints/receipts.js';
import { urlOf } from './api-client.js';
import { downloadWithToken } from './download-file.js';

/** GET /step/order/receipt.pdf?id=…: the signed receipt of the order's present state, saved as a PDF. */
export const downloadReceipt = (orderId: string): Promise<void> =>
  downloadWithToken(urlOf(receiptEndpoints.receiptPdf, {}, { id: orderId }), `receipt-${orderId}.pdf`);

import { queryOptions } from '@tanstack/react-query';
import { receiptEndpoints } from '../../../../domain/contract/endpoints/receipts.js';
import type { ReceiptCheck } from '../../../../domain/contract/receipts.js';
import { call, urlOf } from '../../../lib/api-client.js';

export type { ReceiptCheck };

/** GET /public/receipts/{receipt_no}: authentic with its figures, or not issued by us (no login). */
export const findReceipt = (receiptNo: string): Promise<ReceiptCheck> =>
  call(receiptEndpoints.findReceipt, undefined, { url: urlOf(receiptEndpoints.findReceipt, { receipt_no: receiptNo }) });

export const receiptQuery = (receiptNo: string) =>
  queryOptions({ queryKey: ['receipt', receiptNo] as const, queryFn: () => findReceipt(receiptNo) });

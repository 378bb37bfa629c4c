import { post } from '../../../../lib/api-client.js';

/** POST /step/order/finishPay {id}: the payer says the payment is made (2, 3, 12 → 4). */
export const finishPay = (id: string): Promise<unknown> => post('/step/order/finishPay', { id });

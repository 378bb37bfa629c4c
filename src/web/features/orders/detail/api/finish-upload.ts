import { post } from '../../../../lib/api-client.js';

/** POST /step/order/finishUpload {id}: documents are complete (status 2 → 3). */
export const finishUpload = (id: string): Promise<unknown> => post('/step/order/finishUpload', { id });

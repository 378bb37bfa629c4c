import { post } from '../../../../lib/api-client.js';

/** POST /step/order/makeJiMuPayLink {id} → the value of the WeChat scan-payment QR code. */
export const makeJiMuPayLink = (id: string): Promise<string> => post<string>('/step/order/makeJiMuPayLink', { id });

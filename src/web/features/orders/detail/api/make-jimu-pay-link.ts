import { mutationOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.js';

/** POST /step/order/makeJiMuPayLink {id} → the value of the WeChat scan-payment QR code. */
export const makeJiMuPayLink = (id: string): Promise<string> => post<string>('/step/order/makeJiMuPayLink', { id });

/** The order is unchanged until the money arrives: nothing to refresh. */
export const makeJiMuPayLinkMutation = () => mutationOptions({ mutationFn: makeJiMuPayLink });

import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';

/** POST /step/order/makeJiMuPayLink {id} → the value of the WeChat scan-payment QR code. */
export const makeJiMuPayLink = (id: string): Promise<string> => call(stepEndpoints.makeJiMuPayLink, { id });

/** The order is unchanged until the money arrives: nothing to refresh. */
export const makeJiMuPayLinkMutation = () => mutationOptions({ mutationFn: makeJiMuPayLink });

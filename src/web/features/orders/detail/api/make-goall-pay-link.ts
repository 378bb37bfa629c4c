import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';

/** POST /step/order/makeGoallPayLink {id} → the card-scheme checkout URL. */
export const makeGoallPayLink = (id: string): Promise<string> => call(stepEndpoints.makeGoallPayLink, { id });

/** The order is unchanged until the money arrives: nothing to refresh. */
export const makeGoallPayLinkMutation = () => mutationOptions({ mutationFn: makeGoallPayLink });

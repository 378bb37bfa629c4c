import { mutationOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.js';

/** POST /step/order/makeGoallPayLink {id} → the card-scheme checkout URL. */
export const makeGoallPayLink = (id: string): Promise<string> => post<string>('/step/order/makeGoallPayLink', { id });

/** The order is unchanged until the money arrives: nothing to refresh. */
export const makeGoallPayLinkMutation = () => mutationOptions({ mutationFn: makeGoallPayLink });

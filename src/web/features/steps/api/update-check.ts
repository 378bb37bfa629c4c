import { mutationOptions } from '@tanstack/react-query';
import type { OrderRef } from '../../../../domain/contract/order.js';
import { post } from '../../../lib/api-client.js';
import { invalidateOrder } from '../../../lib/queries.js';

/** /step/check/update: confirms the order; the server locks the rate and CNY amount and sets the deadline. */
export const updateCheck = (id: string): Promise<OrderRef> => post<OrderRef>('/step/check/update', { id });

export const updateCheckMutation = () =>
  mutationOptions({ mutationFn: updateCheck, onSuccess: (confirmed, _id, _result, { client }) => void invalidateOrder(client, confirmed.id) });

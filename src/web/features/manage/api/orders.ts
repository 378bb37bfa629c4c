import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ManageOrderDetail, UploadLinkState } from '../../../../domain/contract/manage.js';
import type { SentMessage } from '../../../../domain/contract/envelope.js';
import type { OrderKind } from '../../../../domain/order/order-data.js';
import { post } from '../../../lib/api-client.js';

export const orderKey = (id: string) => ['manage', 'order', id] as const;

/** POST /manage/order/find {id}: the whole order, the statuses the machine lets an admin set now, and its history. */
export const manageOrderQuery = (id: string) =>
  queryOptions({ queryKey: orderKey(id), queryFn: () => post<ManageOrderDetail>('/manage/order/find', { id }) });

/** POST /manage/setStatus (ordinary) or /manage/gic/setStatus (partner) {id, status}. */
export const setStatusMutation = () =>
  mutationOptions({
    mutationFn: ({ id, status, kind }: { id: string; status: number; kind: OrderKind }) =>
      post<SentMessage>(kind === 'partner' ? '/manage/gic/setStatus' : '/manage/setStatus', { id, status }),
    onSettled: (_answer, _error, { id }, _result, { client }) =>
      void client.invalidateQueries({ queryKey: ['manage'] }).then(() => client.invalidateQueries({ queryKey: orderKey(id) })),
  });

/** POST /manage/changeUploadDocument {id}: switches the public upload link (a fresh link each time it is switched on). */
export const changeUploadDocumentMutation = () =>
  mutationOptions({
    mutationFn: (id: string) => post<UploadLinkState>('/manage/changeUploadDocument', { id }),
    onSuccess: (_state, id, _result, { client }) => void client.invalidateQueries({ queryKey: orderKey(id) }),
  });

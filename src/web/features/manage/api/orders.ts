import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { OrderKind } from '../../../../domain/order/order-data.js';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

export const orderKey = (id: string) => ['manage', 'order', id] as const;

/** POST /manage/order/find {id}: the whole order, the statuses the machine lets an admin set now, and its history. */
export const manageOrderQuery = (id: string) =>
  queryOptions({ queryKey: orderKey(id), queryFn: () => call(manageEndpoints.findOrder, { id }) });

/** POST /manage/setStatus (ordinary) or /manage/gic/setStatus (partner) {id, status, reason}. */
export const setStatusMutation = () =>
  mutationOptions({
    mutationFn: ({ id, status, reason, kind }: { id: string; status: number; reason: string; kind: OrderKind }) =>
      call(kind === 'partner' ? manageEndpoints.setPartnerStatus : manageEndpoints.setStatus, { id, status, reason }),
    onSettled: (_answer, _error, { id }, _result, { client }) =>
      void client.invalidateQueries({ queryKey: ['manage'] }).then(() => client.invalidateQueries({ queryKey: orderKey(id) })),
  });

/** POST /manage/changeUploadDocument {id}: switches the public upload link (a fresh link each time it is switched on). */
export const changeUploadDocumentMutation = () =>
  mutationOptions({
    mutationFn: (id: string) => call(manageEndpoints.changeUploadDocument, { id }),
    onSuccess: (_state, id, _result, { client }) => void client.invalidateQueries({ queryKey: orderKey(id) }),
  });

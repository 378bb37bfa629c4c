import { mutationOptions } from '@tanstack/react-query';
import type { OrderFiles } from '../../../../../domain/contract/documents.js';
import type { OrderView } from '../../../../../domain/contract/order.js';
import type { FileEntry } from '../../../../../domain/order/order-data.js';
import { post } from '../../../../lib/api-client.js';
import { invalidateOrder, orderKeys } from '../../../../lib/queries.js';

/** POST /step/order/updateFile {id, fileList}: the whole list, after each upload and each removal. */
export const updateOrderFiles = (id: string, fileList: readonly FileEntry[]): Promise<OrderFiles> =>
  post('/step/order/updateFile', { id, fileList });

/** The answer is the list the order now keeps: the page shows it at once, and reads the rest again. */
export const updateOrderFilesMutation = () =>
  mutationOptions({
    mutationFn: ({ id, fileList }: { id: string; fileList: readonly FileEntry[] }) => updateOrderFiles(id, fileList),
    onSuccess: ({ jsfile }, { id }, _result, { client }) => {
      client.setQueryData<OrderView>(orderKeys.detail(id), (order) => order && { ...order, jsfile });
      void invalidateOrder(client, id);
    },
  });

import { mutationOptions } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.js';
import { invalidateOrder, orderKeys } from '../../../../lib/queries.js';
import type { FileEntry, OrderDetail } from '../order-detail.js';

/** POST /step/order/updateFile {id, fileList}: the whole list, after each upload and each removal. */
export const updateOrderFiles = (id: string, fileList: readonly FileEntry[]): Promise<{ id: string; jsfile: FileEntry[] }> =>
  post('/step/order/updateFile', { id, fileList });

/** The answer is the list the order now keeps: the page shows it at once, and reads the rest again. */
export const updateOrderFilesMutation = () =>
  mutationOptions({
    mutationFn: ({ id, fileList }: { id: string; fileList: readonly FileEntry[] }) => updateOrderFiles(id, fileList),
    onSuccess: ({ jsfile }, { id }, _result, { client }) => {
      client.setQueryData<OrderDetail>(orderKeys.detail(id), (order) => order && { ...order, jsfile });
      void invalidateOrder(client, id);
    },
  });

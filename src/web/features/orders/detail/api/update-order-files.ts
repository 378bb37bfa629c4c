import type { OrderFiles } from '../../../../../domain/contract/documents.js';
import type { FileEntry } from '../../../../../domain/order/order-data.js';
import { post } from '../../../../lib/api-client.js';

/** POST /step/order/updateFile {id, fileList}: the whole list, after each upload and each removal. */
export const updateOrderFiles = (id: string, fileList: readonly FileEntry[]): Promise<OrderFiles> =>
  post('/step/order/updateFile', { id, fileList });

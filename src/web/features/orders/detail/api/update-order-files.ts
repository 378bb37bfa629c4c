import { post } from '../../../../lib/api-client.js';
import type { FileEntry } from '../order-detail.js';

/** POST /step/order/updateFile {id, fileList}: the whole list, after each upload and each removal. */
export const updateOrderFiles = (id: string, fileList: readonly FileEntry[]): Promise<{ id: string; jsfile: FileEntry[] }> =>
  post('/step/order/updateFile', { id, fileList });

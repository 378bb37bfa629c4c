import type { OrderFiles } from '../../../../../domain/contract/documents.js';
import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';
import type { FileEntry } from '../../../../../domain/order/order-data.js';
import { call } from '../../../../lib/api-client.js';
import { fileListMutation } from '../../../../lib/order-files.js';
import { invalidateOrder, orderKeys } from '../../../../lib/queries.js';

/** POST /step/order/updateFile {id, fileList}: the whole list, after each upload and each removal. */
export const updateOrderFiles = (id: string, fileList: readonly FileEntry[]): Promise<OrderFiles> =>
  call(stepEndpoints.updateFiles, { id, fileList: [...fileList] });

export const updateOrderFilesMutation = () => fileListMutation('id', updateOrderFiles, orderKeys.detail, invalidateOrder);

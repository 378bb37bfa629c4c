import type { FileEntry, OrderKind } from '../../../../domain/order/order-data.js';
import type { OrderFiles, UploadAnswer } from '../../../../domain/contract/documents.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';
import { call } from '../../../lib/api-client.js';
import { uploadFilesTo } from '../../../lib/order-files.js';

/** POST /manage/order/upload (partner: /manage/gic/order/upload), multipart id + file, with progress. */
export const uploadOrderFile = (
  kind: OrderKind,
  id: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> =>
  uploadFilesTo(
    kind === 'partner' ? manageEndpoints.uploadPartnerFiles : manageEndpoints.uploadFiles,
    { field: 'id', value: id },
    [file],
    onProgress,
    signal,
  );

/** POST /manage/order/updateFile (partner: /gic/updateFile) {id, fileList}: the whole list after each change. */
export const updateOrderFiles = (kind: OrderKind, id: string, fileList: readonly FileEntry[]): Promise<OrderFiles> =>
  call(kind === 'partner' ? manageEndpoints.updatePartnerFiles : manageEndpoints.updateFiles, { id, fileList: [...fileList] });

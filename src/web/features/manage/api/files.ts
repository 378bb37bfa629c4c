import type { FileEntry, OrderKind } from '../../../../domain/order/order-data.js';
import type { UploadAnswer } from '../../../../domain/contract/documents.js';
import { post, upload } from '../../../lib/api-client.js';

const base = (kind: OrderKind) => (kind === 'partner' ? '/manage/gic/order' : '/manage/order');

/** POST /manage/order/upload (partner: /manage/gic/order/upload), multipart id + file, with progress. */
export function uploadOrderFile(
  kind: OrderKind,
  id: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('id', id);
  form.append('file', file, file.name);
  return upload<UploadAnswer>(`${base(kind)}/upload`, form, onProgress, signal);
}

/** POST /manage/order/updateFile (partner: /gic/updateFile) {id, fileList}: the whole list after each change. */
export const updateOrderFiles = (
  kind: OrderKind,
  id: string,
  fileList: readonly FileEntry[],
): Promise<{ id: string; jsfile: FileEntry[] }> =>
  post(kind === 'partner' ? '/gic/updateFile' : '/manage/order/updateFile', { id, fileList });

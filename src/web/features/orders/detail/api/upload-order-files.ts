import type { UploadAnswer } from '../../../../../domain/contract/documents.js';
import { upload } from '../../../../lib/api-client.js';

/** POST /step/order/upload, multipart `id` + `file` parts, with upload progress in percent. */
export function uploadOrderFiles(id: string, files: readonly File[], onProgress: (percent: number) => void): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('id', id);
  for (const file of files) form.append('file', file, file.name);
  return upload<UploadAnswer>('/step/order/upload', form, onProgress);
}

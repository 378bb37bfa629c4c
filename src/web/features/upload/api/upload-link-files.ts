import type { FileEntry } from '../../../../domain/order/order-data.js';
import { upload } from '../../../lib/api-client.js';

/** POST /public/upload/upload, multipart `token` + `file` parts, with upload progress. */
export function uploadLinkFiles(token: string, files: readonly File[], onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('token', token);
  for (const file of files) form.append('file', file, file.name);
  return upload<{ file_url: string; files: FileEntry[] }>('/public/upload/upload', form, onProgress);
}

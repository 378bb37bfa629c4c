import type { UploadAnswer } from '../../../../domain/contract/documents.js';
import { upload } from '../../../lib/api-client.js';

/** POST /public/upload/upload, multipart `token` + `file` parts, with upload progress. */
export function uploadLinkFiles(token: string, files: readonly File[], onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('token', token);
  for (const file of files) form.append('file', file, file.name);
  return upload<UploadAnswer>('/public/upload/upload', form, onProgress);
}

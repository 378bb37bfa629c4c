import { mutationOptions } from '@tanstack/react-query';
import type { UploadAnswer } from '../../../../domain/contract/documents.js';
import { upload } from '../../../lib/api-client.js';
import { uploadLinkKey } from './find-upload-link.js';

/** POST /public/upload/upload, multipart `token` + `file` parts, with upload progress; `signal` cancels it. */
export function uploadLinkFiles(
  token: string,
  files: readonly File[],
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('token', token);
  for (const file of files) form.append('file', file, file.name);
  return upload<UploadAnswer>('/public/upload/upload', form, onProgress, signal);
}

export interface LinkUpload {
  readonly token: string;
  readonly files: readonly File[];
  readonly onProgress: (percent: number) => void;
  readonly signal?: AbortSignal;
}

/** A stored file joins the order's list on the server at once (the list push follows). */
export const uploadLinkFilesMutation = () =>
  mutationOptions({
    mutationFn: ({ token, files, onProgress, signal }: LinkUpload) => uploadLinkFiles(token, files, onProgress, signal),
    onSuccess: (_answer, { token }, _result, { client }) => void client.invalidateQueries({ queryKey: uploadLinkKey(token) }),
  });

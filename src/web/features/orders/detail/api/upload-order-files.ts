import { mutationOptions } from '@tanstack/react-query';
import type { UploadAnswer } from '../../../../../domain/contract/documents.js';
import { upload } from '../../../../lib/api-client.js';
import { invalidateOrder } from '../../../../lib/queries.js';

/** POST /step/order/upload, multipart `id` + `file` parts, with upload progress in percent; `signal` cancels it. */
export function uploadOrderFiles(
  id: string,
  files: readonly File[],
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('id', id);
  for (const file of files) form.append('file', file, file.name);
  return upload<UploadAnswer>('/step/order/upload', form, onProgress, signal);
}

export interface OrderUpload {
  readonly id: string;
  readonly files: readonly File[];
  readonly onProgress: (percent: number) => void;
  readonly signal?: AbortSignal;
}

/** A stored file joins the order's list on the server at once (the list push follows). */
export const uploadOrderFilesMutation = () =>
  mutationOptions({
    mutationFn: ({ id, files, onProgress, signal }: OrderUpload) => uploadOrderFiles(id, files, onProgress, signal),
    onSuccess: (_answer, { id }, _result, { client }) => void invalidateOrder(client, id),
  });

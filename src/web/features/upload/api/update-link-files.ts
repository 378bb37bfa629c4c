import { mutationOptions } from '@tanstack/react-query';
import type { LinkFiles } from '../../../../domain/contract/documents.js';
import type { FileEntry } from '../../../../domain/order/order-data.js';
import { post } from '../../../lib/api-client.js';
import { uploadLinkKey, type UploadLinkOrder } from './find-upload-link.js';

/** POST /public/upload/updateFile {token, fileList}: the whole list after each upload and removal. */
export const updateLinkFiles = (token: string, fileList: readonly FileEntry[]): Promise<LinkFiles> =>
  post('/public/upload/updateFile', { token, fileList });

/** The answer is the list the order now keeps: the page shows it at once, and reads the rest again. */
export const updateLinkFilesMutation = () =>
  mutationOptions({
    mutationFn: ({ token, fileList }: { token: string; fileList: readonly FileEntry[] }) => updateLinkFiles(token, fileList),
    onSuccess: ({ jsfile }, { token }, _result, { client }) => {
      client.setQueryData<UploadLinkOrder>(uploadLinkKey(token), (order) => order && { ...order, jsfile });
      void client.invalidateQueries({ queryKey: uploadLinkKey(token) });
    },
  });

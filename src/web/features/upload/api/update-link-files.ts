import type { LinkFiles } from '../../../../domain/contract/documents.js';
import { publicEndpoints } from '../../../../domain/contract/endpoints/public.js';
import type { FileEntry } from '../../../../domain/order/order-data.js';
import { call } from '../../../lib/api-client.js';
import { fileListMutation } from '../../../lib/order-files.js';
import { uploadLinkKey } from './find-upload-link.js';

/** POST /public/upload/updateFile {token, fileList}: the whole list after each upload and removal. */
export const updateLinkFiles = (token: string, fileList: readonly FileEntry[]): Promise<LinkFiles> =>
  call(publicEndpoints.updateLinkFiles, { token, fileList: [...fileList] });

export const updateLinkFilesMutation = () =>
  fileListMutation('token', updateLinkFiles, uploadLinkKey, (client, token) =>
    client.invalidateQueries({ queryKey: uploadLinkKey(token) }),
  );

import type { LinkFiles } from '../../../../domain/contract/documents.js';
import type { FileEntry } from '../../../../domain/order/order-data.js';
import { post } from '../../../lib/api-client.js';

/** POST /public/upload/updateFile {token, fileList}: the whole list after each upload and removal. */
export const updateLinkFiles = (token: string, fileList: readonly FileEntry[]): Promise<LinkFiles> =>
  post('/public/upload/updateFile', { token, fileList });

import { publicEndpoints } from '../../../../domain/contract/endpoints/public.js';
import { uploadFilesMutation } from '../../../lib/order-files.js';
import { uploadLinkKey } from './find-upload-link.js';

/** POST /public/upload/upload, multipart `token` + `file` parts, with upload progress; the link's order is read again after. */
export const uploadLinkFilesMutation = () =>
  uploadFilesMutation(publicEndpoints.uploadLinkFiles, 'token', (client, token) =>
    client.invalidateQueries({ queryKey: uploadLinkKey(token) }),
  );

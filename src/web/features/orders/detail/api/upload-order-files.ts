import { stepEndpoints } from '../../../../../domain/contract/endpoints/step.js';
import { uploadFilesMutation } from '../../../../lib/order-files.js';
import { invalidateOrder } from '../../../../lib/queries.js';

/** POST /step/order/upload, multipart `id` + `file` parts, with upload progress; the order is read again after. */
export const uploadOrderFilesMutation = () => uploadFilesMutation(stepEndpoints.uploadFiles, 'id', invalidateOrder);

import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';
import { call } from '../../../lib/api-client.js';

/** POST /manage/order/message {id, text}: an admin answers the payer. */
export const postManagedOrderMessage = (id: string, text: string): Promise<unknown> => call(manageEndpoints.postOrderMessage, { id, text });

import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';
import type { OrderMessageView } from '../../../../domain/contract/order-messages.js';
import { call } from '../../../lib/api-client.js';

/** POST /manage/order/messages {id}: the order's thread as the back office reads it (masked for auditors). */
export const findManagedOrderMessages = (id: string): Promise<OrderMessageView[]> => call(manageEndpoints.orderMessages, { id });

import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { auditEndpoints } from '../../../../../domain/contract/endpoints/audit.js';

/** POST /audit/order/history {id}: every event of the order's stream, and what the audit finds about it. */
export const orderHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['audit', 'history', id],
    queryFn: () => call(auditEndpoints.orderHistory, { id }),
    enabled: id !== '',
  });

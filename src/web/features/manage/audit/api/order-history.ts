import { queryOptions } from '@tanstack/react-query';
import type { AuditOrderHistory } from '../../../../../domain/contract/audit.js';
import { post } from '../../../../lib/api-client.js';

/** POST /audit/order/history {id}: every event of the order's stream, and what the audit finds about it. */
export const orderHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['audit', 'history', id],
    queryFn: () => post<AuditOrderHistory>('/audit/order/history', { id }),
    enabled: id !== '',
  });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditOrderAsOf } from '../../../../../domain/contract/audit.js';
import { post } from '../../../../lib/api-client.js';

/** POST /audit/order/asOf {id, revision}: the order replayed up to that revision. */
export const orderAsOfQuery = (id: string, revision: string) =>
  queryOptions({
    queryKey: ['audit', 'asOf', id, revision],
    queryFn: () => post<AuditOrderAsOf>('/audit/order/asOf', { id, revision }),
    // Stepping through the timeline keeps the last picture until the next one is there.
    placeholderData: keepPreviousData,
  });

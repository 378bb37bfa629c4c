import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.js';
import { auditEndpoints } from '../../../../../domain/contract/endpoints/audit.js';

/** POST /audit/order/asOf {id, revision}: the order replayed up to that revision. */
export const orderAsOfQuery = (id: string, revision: string) =>
  queryOptions({
    queryKey: ['audit', 'asOf', id, revision],
    queryFn: () => call(auditEndpoints.orderAsOf, { id, revision }),
    // Stepping through the timeline keeps the last picture until the next one is there.
    placeholderData: keepPreviousData,
  });

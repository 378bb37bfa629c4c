import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';

export interface InboundFilter {
  readonly keyword: string;
  readonly status: 0 | 1 | null;
  readonly year: number;
  readonly month: number;
}

/** POST /warehouse/in: the inbound records of a month (both types), filtered. */
export const inboundListQuery = (filter: InboundFilter) =>
  queryOptions({
    queryKey: ['warehouse', 'in', filter],
    queryFn: () => call(warehouseEndpoints.inbound, { ...filter, type: [3, 4] }),
    placeholderData: keepPreviousData,
  });

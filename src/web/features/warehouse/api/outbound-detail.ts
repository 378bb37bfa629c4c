import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';

/** POST /warehouse/out/find {id}: one shipment with its goods and record. */
export const outboundDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'out', id], queryFn: () => call(warehouseEndpoints.outboundDetail, { id }) });

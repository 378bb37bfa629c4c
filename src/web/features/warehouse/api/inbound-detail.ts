import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';

/** POST /warehouse/in/find {id}: the record, its goods and their shipments. */
export const inboundDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'in', id], queryFn: () => call(warehouseEndpoints.inboundDetail, { id }) });

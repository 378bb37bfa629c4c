import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';

/** POST /warehouse/box/find {id}: the record's packing list. */
export const boxDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'box', id], queryFn: () => call(warehouseEndpoints.boxDetail, { id }) });

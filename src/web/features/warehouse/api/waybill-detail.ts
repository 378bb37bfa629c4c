import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';

/** POST /logistics/waybill/find {id}: the waybill of an inbound record. */
export const waybillDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'waybill', id], queryFn: () => call(warehouseEndpoints.waybillDetail, { id }) });

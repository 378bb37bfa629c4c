import { queryOptions } from '@tanstack/react-query';
import type { WaybillDetail } from '../../../../domain/contract/warehouse.js';
import { post } from '../../../lib/api-client.js';

/** POST /logistics/waybill/find {id}: the waybill of an inbound record. */
export const waybillDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'waybill', id], queryFn: () => post<WaybillDetail>('/logistics/waybill/find', { id }) });

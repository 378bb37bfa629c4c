import { queryOptions } from '@tanstack/react-query';
import type { OutboundDetail } from '../../../../domain/contract/warehouse.js';
import { post } from '../../../lib/api-client.js';

/** POST /warehouse/out/find {id}: one shipment with its goods and record. */
export const outboundDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'out', id], queryFn: () => post<OutboundDetail>('/warehouse/out/find', { id }) });

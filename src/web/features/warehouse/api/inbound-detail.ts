import { queryOptions } from '@tanstack/react-query';
import type { InboundDetail } from '../../../../domain/contract/warehouse.js';
import { post } from '../../../lib/api-client.js';

/** POST /warehouse/in/find {id}: the record, its goods and their shipments. */
export const inboundDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'in', id], queryFn: () => post<InboundDetail>('/warehouse/in/find', { id }) });

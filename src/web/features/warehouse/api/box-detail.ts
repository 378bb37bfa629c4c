import { queryOptions } from '@tanstack/react-query';
import type { BoxDetail } from '../../../../domain/contract/warehouse.js';
import { post } from '../../../lib/api-client.js';

/** POST /warehouse/box/find {id}: the record's packing list. */
export const boxDetailQuery = (id: string) =>
  queryOptions({ queryKey: ['warehouse', 'detail', 'box', id], queryFn: () => post<BoxDetail>('/warehouse/box/find', { id }) });

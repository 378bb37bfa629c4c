import { mutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';

type Created = { readonly id: number };

/** POST /warehouse/in/receive {in_id, code, type, sku, box_count, count} → data.id of the goods. */
export const receiveGoodsMutation = () =>
  mutationOptions({ mutationFn: (body: Record<string, unknown>) => post<Created>('/warehouse/in/receive', body), ...refreshWarehouse });

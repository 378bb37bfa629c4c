import { mutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';

type Created = { readonly id: number };

/** POST /warehouse/out/create {goods_id, quantity, …} → data.id of the shipment. */
export const shipGoodsMutation = () =>
  mutationOptions({ mutationFn: (body: Record<string, unknown>) => post<Created>('/warehouse/out/create', body), ...refreshWarehouse });

import { mutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';

type Created = { readonly id: number };

/** POST /warehouse/in/create → data.id (opens /warehouse/in/{id}). */
export const createInboundMutation = () =>
  mutationOptions({ mutationFn: (body: Record<string, unknown>) => post<Created>('/warehouse/in/create', body), ...refreshWarehouse });

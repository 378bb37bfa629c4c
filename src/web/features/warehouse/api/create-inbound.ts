import { mutationOptions } from '@tanstack/react-query';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';
import type { BodyOf } from '../../../../domain/contract/endpoint.js';
import { call } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';

/** POST /warehouse/in/create → data.id (opens /warehouse/in/{id}). */
export const createInboundMutation = () =>
  mutationOptions({
    mutationFn: (body: BodyOf<typeof warehouseEndpoints.createInbound>) => call(warehouseEndpoints.createInbound, body),
    ...refreshWarehouse,
  });

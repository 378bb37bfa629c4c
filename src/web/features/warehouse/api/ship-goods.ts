import { mutationOptions } from '@tanstack/react-query';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';
import type { BodyOf } from '../../../../domain/contract/endpoint.js';
import { call } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';

/** POST /warehouse/out/create {goods_id, quantity, …} → data.id of the shipment. */
export const shipGoodsMutation = () =>
  mutationOptions({
    mutationFn: (body: BodyOf<typeof warehouseEndpoints.ship>) => call(warehouseEndpoints.ship, body),
    ...refreshWarehouse,
  });

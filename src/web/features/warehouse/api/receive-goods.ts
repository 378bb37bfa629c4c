import { mutationOptions } from '@tanstack/react-query';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';
import type { BodyOf } from '../../../../domain/contract/endpoint.js';
import { call } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';

/** POST /warehouse/in/receive {in_id, code, type, sku, box_count, count} → data.id of the goods. */
export const receiveGoodsMutation = () =>
  mutationOptions({
    mutationFn: (body: BodyOf<typeof warehouseEndpoints.receive>) => call(warehouseEndpoints.receive, body),
    ...refreshWarehouse,
  });

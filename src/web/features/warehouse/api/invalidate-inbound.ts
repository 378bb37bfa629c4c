import { mutationOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';

/** POST /warehouse/in/invalidate {id}. */
export const invalidateInboundMutation = () =>
  mutationOptions({ mutationFn: (id: number) => call(warehouseEndpoints.invalidateInbound, { id }), ...refreshWarehouse });

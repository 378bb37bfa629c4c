import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { warehouseEndpoints } from '../../../../domain/contract/endpoints/warehouse.js';

/** POST /warehouse/stocks/statistic: pieces received, shipped and in stock. */
export const statisticQuery = () =>
  queryOptions({ queryKey: ['warehouse', 'statistic'], queryFn: () => call(warehouseEndpoints.statistic) });

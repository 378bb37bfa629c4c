import { queryOptions } from '@tanstack/react-query';
import type { WarehouseStatistic } from '../../../../domain/contract/warehouse.js';
import { post } from '../../../lib/api-client.js';

/** POST /warehouse/stocks/statistic: pieces received, shipped and in stock. */
export const statisticQuery = () =>
  queryOptions({ queryKey: ['warehouse', 'statistic'], queryFn: () => post<WarehouseStatistic>('/warehouse/stocks/statistic') });

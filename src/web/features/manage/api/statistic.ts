import { queryOptions } from '@tanstack/react-query';
import type { ManageStatistic } from '../../../../domain/contract/manage.js';
import { post } from '../../../lib/api-client.js';

/** POST /manage/statistic: users, orders, institutions, and orders per status. */
export const statisticQuery = () =>
  queryOptions({ queryKey: ['manage', 'statistic'], queryFn: () => post<ManageStatistic>('/manage/statistic') });

import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

/** POST /manage/statistic: users, orders, institutions, and orders per status. */
export const statisticQuery = () => queryOptions({ queryKey: ['manage', 'statistic'], queryFn: () => call(manageEndpoints.statistic) });

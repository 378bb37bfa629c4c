import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

/** POST /manage/dashboard: money received and orders created per China-time day and currency, and the funnel. */
export const dashboardQuery = () => queryOptions({ queryKey: ['manage', 'dashboard'], queryFn: () => call(manageEndpoints.dashboard) });

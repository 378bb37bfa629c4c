import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { statusCounts } from '../../projections/status-counts.js';
import { backOfficeCounts } from './manage-queries.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

const countOf = (row: { count: string | number | bigint } | undefined) => Number(row?.count ?? 0);

/** manage/statistic: the counts come from the per-status counts the projections keep (status-counts.ts), not a scan of orders. */
export const statisticRoute: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, manageEndpoints.statistic, async () => {
    const [[users, resources, pending], status_counts] = await Promise.all([backOfficeCounts(deps.db), statusCounts(deps.db)]);
    const order = Object.values(status_counts).reduce((sum, count) => sum + count, 0);
    return ok({ user: countOf(users), order, resource: countOf(resources), status_counts, approvals_pending: countOf(pending) });
  });
};

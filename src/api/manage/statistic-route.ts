import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { statusCounts } from '../../projections/status-counts.js';
import { backOfficeCounts } from './manage-queries.js';
import { queueCounts } from './order-list.js';
import { dashboardOf } from './dashboard.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

const countOf = (row: { count: string | number | bigint } | undefined) => Number(row?.count ?? 0);

/**
 * manage/statistic: the counts come from the per-status counts the projections keep (status-counts.ts),
 * not a scan of orders; the queues' counts from the indexed rows in a queue; and the queues' SLA.
 */
export const statisticRoute: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, manageEndpoints.statistic, async () => {
    const [queue_counts, [users, resources, pending], status_counts] = await Promise.all([
      queueCounts(deps.db),
      backOfficeCounts(deps.db),
      statusCounts(deps.db),
    ]);
    const order = Object.values(status_counts).reduce((sum, count) => sum + count, 0);
    return ok({
      user: countOf(users),
      order,
      resource: countOf(resources),
      status_counts,
      approvals_pending: countOf(pending),
      queue_counts,
      sla_hours: deps.config.queueSlaHours,
    });
  });

  endpointRoute(app, manageEndpoints.dashboard, async () => ok(await dashboardOf(deps.db, deps.clock.now())));
};

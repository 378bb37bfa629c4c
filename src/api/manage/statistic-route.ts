import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { statusCounts } from '../../projections/status-counts.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

const countOf = (row: { count: string | number | bigint } | undefined) => Number(row?.count ?? 0);

/** manage/statistic: the counts come from the per-status counts the projections keep (status-counts.ts), not a scan of orders. */
export const statisticRoute: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, manageEndpoints.statistic, async () => {
    const [users, resources, status_counts, pending] = await Promise.all([
      deps.db
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirst(),
      deps.db
        .selectFrom('resources')
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirst(),
      statusCounts(deps.db),
      deps.db
        .selectFrom('approvals')
        .select(sql<string>`count(*)`.as('count'))
        .where('state', '=', 'pending')
        .executeTakeFirst(),
    ]);
    const order = Object.values(status_counts).reduce((sum, count) => sum + count, 0);
    return ok({ user: countOf(users), order, resource: countOf(resources), status_counts, approvals_pending: countOf(pending) });
  });
};

import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';
import { orderStreamId, type AuditLogEntry, type AuditLogFilter } from '../../domain/index.js';
import type { Cursor } from '../manage/paging.js';

export const AUDIT_LOG_PAGE = 50;

/**
 * The log across all orders (DESIGN.md section 8): the read history of every order with its order
 * number, newest first by (occurred_at, event_id); by actor and by type through their own indexes.
 */
export function auditLogQuery(db: Kysely<DB>, filter: AuditLogFilter, after: Cursor | null, limit = AUDIT_LOG_PAGE + 1) {
  let query = db
    .selectFrom('order_history')
    .innerJoin('orders', 'orders.id', 'order_history.order_id')
    .select([
      'order_history.event_id',
      'order_history.order_id',
      'order_history.revision',
      'order_history.type',
      'order_history.actor_id',
      'order_history.actor_role',
      'order_history.occurred_at',
      'order_history.status_before',
      'order_history.status_after',
      'orders.order_no',
    ])
    .orderBy('order_history.occurred_at', 'desc')
    .orderBy('order_history.event_id', 'desc')
    .limit(limit);
  if (filter.actor !== undefined) query = query.where('order_history.actor_id', '=', filter.actor);
  if (filter.type !== undefined) query = query.where('order_history.type', '=', filter.type);
  if (filter.from !== undefined) query = query.where('order_history.occurred_at', '>=', new Date(filter.from));
  if (filter.to !== undefined) query = query.where('order_history.occurred_at', '<', new Date(filter.to));
  if (after?.at !== undefined)
    query = query.where(sql<boolean>`(order_history.occurred_at, order_history.event_id) < (${new Date(after.at)}, ${String(after.id)})`);
  return query;
}

type LogRow = Awaited<ReturnType<ReturnType<typeof auditLogQuery>['execute']>>[number];

export const auditLogCursor = (row: LogRow): Cursor => ({ at: row.occurred_at.toISOString(), id: row.event_id });

export const toAuditLogEntry = (row: LogRow): AuditLogEntry => ({
  event_id: row.event_id,
  stream: orderStreamId(row.order_id),
  order_id: row.order_id,
  order_no: row.order_no,
  revision: String(row.revision),
  actor: { id: row.actor_id, role: row.actor_role },
  type: row.type,
  occurred_at: row.occurred_at.toISOString(),
  status_before: row.status_before,
  status_after: row.status_after,
});

import { sql, type Selectable } from 'kysely';
import type { DB, Db } from '../../database/schema.js';
import type { ApprovalState } from '../../domain/index.js';
import { likePrefix, PAGE_SIZE } from './paging.js';

/** The back office's reads and id allocations (the route files run no SQL of their own). */

export type ApprovalRow = Selectable<DB['approvals']>;

/** Newest first by id; a keyword matches the start of the name, the English name or the code (indexed). */
export function resourcePageQuery(db: Db, keyword: string, afterId: number | null) {
  let query = db
    .selectFrom('resources')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1);
  if (afterId !== null) query = query.where('id', '<', afterId);
  if (keyword !== '') {
    const pattern = likePrefix(keyword);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['name_en']), 'like', pattern),
        eb(eb.fn('lower', ['code']), 'like', pattern),
      ]),
    );
  }
  return query;
}

/** Newest first by id; a keyword matches the start of the email or the name (each has an index). */
export function userPageQuery(db: Db, keyword: string, afterId: number | null) {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'group', 'wechat_unionid', 'created_at'])
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1);
  if (afterId !== null) query = query.where('id', '<', afterId);
  if (keyword !== '') {
    const pattern = likePrefix(keyword);
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'like', pattern), eb(eb.fn('lower', ['name']), 'like', pattern)]));
  }
  return query;
}

/** A new institution's id, taken before its first event names it. */
export const nextResourceId = (db: Db): Promise<number> =>
  sql<{ id: number }>`select nextval(pg_get_serial_sequence('resources', 'id'))::int as id`
    .execute(db)
    .then((result) => result.rows[0]!.id);

/** Proposals in one state, newest first. */
export const approvalsInState = (db: Db, state: ApprovalState, limit: number): Promise<ApprovalRow[]> =>
  db
    .selectFrom('approvals')
    .selectAll()
    .where('state', '=', state)
    .orderBy('proposed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** An order's read history, oldest first. */
export const orderHistoryOf = (db: Db, orderId: string) =>
  db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('revision').execute();

const countRows = (db: Db, table: 'users' | 'resources') =>
  db
    .selectFrom(table)
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirst();

/** The back office's totals: users, institutions, and proposals awaiting a second admin. */
export const backOfficeCounts = (db: Db) =>
  Promise.all([
    countRows(db, 'users'),
    countRows(db, 'resources'),
    db
      .selectFrom('approvals')
      .select(sql<string>`count(*)`.as('count'))
      .where('state', '=', 'pending')
      .executeTakeFirst(),
  ]);

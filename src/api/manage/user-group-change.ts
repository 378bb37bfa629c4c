import type { Kysely } from 'kysely';
import { groupChangeRefusal, message, userStreamId, type Actor, type Group } from '../../domain/index.js';
import type { DB, User } from '../../database/schema.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { appendReference, streamRevision } from './reference-commands.js';
import { eventMeta } from '../recorded-events.js';

async function adminCount(db: Kysely<DB>): Promise<number> {
  const rows = await db.selectFrom('users').select('id').where('group', '=', 1).limit(2).execute();
  return rows.length;
}

export async function findUserForRoleChange(db: Kysely<DB>, id: number): Promise<User> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw new HttpError('user_not_found', message('reference.userNotFound'));
  return user;
}

/** The service always keeps one administrator; the same group again is no change to make. */
export async function refuseGroupChange(db: Kysely<DB>, user: User, group: Group): Promise<'unchanged' | null> {
  const refusal = groupChangeRefusal(user.group, group, await adminCount(db));
  if (refusal === 'last_admin') throw new HttpError('last_admin', message('reference.lastAdmin'));
  return refusal;
}

/**
 * Gives a user another group (role) as a UserGroupChanged event on the user's stream; the same
 * group again writes nothing. The service always keeps one administrator. Used by
 * manage/updateUser and `npm run user:role`.
 */
export async function changeUserGroup(
  deps: Pick<AppDeps, 'db' | 'eventStore' | 'projections' | 'clock' | 'ids' | 'users' | 'reference'>,
  find: { id: number } | { email: string },
  group: Group,
  actor: Actor,
): Promise<User> {
  const query = deps.db.selectFrom('users').selectAll();
  const user = await (
    'id' in find ? query.where('id', '=', find.id) : query.where('email', '=', find.email.trim().toLowerCase())
  ).executeTakeFirst();
  if (!user) throw new HttpError('user_not_found', message('reference.userNotFound'));
  if ((await refuseGroupChange(deps.db, user, group)) === 'unchanged') return user;
  const stream = userStreamId(user.id);
  const expected = await streamRevision(deps, stream);
  await appendReference(
    deps,
    stream,
    { type: 'UserGroupChanged', data: { user_id: user.id, group, previous: user.group }, meta: eventMeta(deps, actor) },
    expected,
  );
  deps.users.forget(user.id);
  return { ...user, group };
}

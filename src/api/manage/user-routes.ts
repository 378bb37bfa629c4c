import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskValue } from '../audit/changes.js';
import { groupMayDo, isRoleGrant, isStaff, message, renderMessage, type ManageUser } from '../../domain/index.js';
import { requestLocale } from '../http/locale.js';
import { eraseUser } from '../privacy/erase-user.js';
import type { User } from '../../database/schema.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { answerProposal, proposeChange } from './approvals.js';
import { adminActor } from './reference-commands.js';
import { changeUserGroup, findUserForRoleChange, refuseGroupChange } from './user-group-change.js';
import { decodeCursor, pageOf } from './paging.js';
import { userPageQuery } from './manage-queries.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { manageEndpoints } from '../../domain/contract/endpoints/index.js';

type ListedUser = Pick<User, 'id' | 'name' | 'email' | 'group' | 'wechat_unionid' | 'created_at'>;

/** A payer as an auditor sees them: that there is a name, an email, a WeChat id, not what they are. Staff stay named. */
const maskedPayer = (user: ManageUser): ManageUser =>
  isStaff(user.group)
    ? user
    : { ...user, name: maskValue(user.name) ?? '', email: maskValue(user.email), unionid: maskValue(user.unionid) };

const toManageUser = (user: ListedUser): ManageUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  group: user.group,
  unionid: user.wechat_unionid,
  created_at: user.created_at.toISOString(),
});

/** manage/users and manage/updateUser: the user table and a user's role (group). */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, manageEndpoints.users, async (request) => {
    const cursor = decodeCursor(request.query.cursor);
    const rows = await userPageQuery(deps.db, request.body?.keyword ?? '', cursor === null ? null : Number(cursor.id)).execute();
    const page = pageOf(rows, '/api/v1/manage/users', (row) => ({ id: row.id }));
    const seen = groupMayDo(request.user!.group, 'personal.read') ? toManageUser : (user: ListedUser) => maskedPayer(toManageUser(user));
    return ok({ data: page.data.map(seen), next_page_url: page.next_page_url });
  });

  endpointRoute(app, manageEndpoints.updateUser, async (request, reply) => {
    const { id, group } = request.body;
    const user = await findUserForRoleChange(deps.db, id);
    // Granting access is a proposal until a second admin approves it; taking access away is immediate.
    if (isRoleGrant(user.group, group)) {
      await refuseGroupChange(deps.db, user, group);
      return answerProposal(
        request,
        reply,
        await proposeChange(deps, { kind: 'user_group', user_id: user.id, before: user.group, after: group }, request.user!),
      );
    }
    return ok(toManageUser(await changeUserGroup(deps, { id }, group, adminActor(request.user!))));
  });

  endpointRoute(app, manageEndpoints.eraseUser, async (request) => {
    await eraseUser(deps, request.body.id, adminActor(request.user!));
    return ok({ message: renderMessage(message('audit.erased'), requestLocale(request)) });
  });
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayDo, roleOfGroup, type Permission } from '../../domain/access/roles.js';
import { forbidden } from '../http/errors.js';

/**
 * preHandler: the signed-in user's role must allow `permission` (DESIGN.md section 7). Without a
 * valid token the answer is 401; signed in without the role it is 403, never 401, which would log
 * the user out.
 */
export const requirePermission =
  (app: FastifyInstance, permission: Permission) =>
  async (request: FastifyRequest): Promise<void> => {
    await app.authenticate(request);
    if (!mayDo(roleOfGroup(request.user!.group), permission)) throw forbidden();
  };

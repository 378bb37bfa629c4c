import type { Session } from '../../../../domain/contract/session.js';
import { authEndpoints } from '../../../../domain/contract/endpoints/auth.js';
import { call } from '../../../lib/api-client.js';

/** POST /api/v1/auth/register: creates the account and logs it in. `code` comes from the ?key= of the link. */
export const register = (payload: { email: string; password: string; password_confirmation: string; code?: string }): Promise<Session> =>
  call(authEndpoints.register, {
    email: payload.email,
    password: payload.password,
    password_confirmation: payload.password_confirmation,
    // An empty code is no code: left out of the body.
    code: payload.code || undefined,
  });

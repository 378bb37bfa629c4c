import type { Session } from '../../../../domain/contract/session.js';
import { post } from '../../../lib/api-client.js';

/** POST /api/v1/auth/register: creates the account and logs it in. `code` comes from the ?key= of the link. */
export const register = (payload: { email: string; password: string; password_confirmation: string; code?: string }): Promise<Session> =>
  post<Session>('/auth/register', {
    email: payload.email,
    password: payload.password,
    password_confirmation: payload.password_confirmation,
    ...(payload.code ? { code: payload.code } : {}),
  });

import type { Session } from '../../../../domain/contract/session.js';
import { post } from '../../../lib/api-client.js';

/** POST /api/v1/auth/login: email/password login of an account registered by email. */
export const login = (payload: { email: string; password: string }): Promise<Session> =>
  post<Session>('/auth/login', { email: payload.email, password: payload.password, RememberMe: true });

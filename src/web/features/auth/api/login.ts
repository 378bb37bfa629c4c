import { post } from '../../../lib/api-client.js';
import type { SessionAnswer } from './types.js';

/** POST /api/v1/auth/login: email/password login of an account registered by email. */
export const login = (payload: { email: string; password: string }): Promise<SessionAnswer> =>
  post<SessionAnswer>('/auth/login', { email: payload.email, password: payload.password, RememberMe: true });

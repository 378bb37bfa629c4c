import type { LoginAnswer } from '../../../../domain/contract/session.js';
import { call } from '../../../lib/api-client.js';
import { authEndpoints } from '../../../../domain/contract/endpoints/auth.js';

/**
 * POST /api/v1/auth/login: email/password login of an account registered by email. Staff with a
 * second factor get `{mfa_required, mfa_token}` instead of a session (DESIGN.md section 12).
 */
export const login = (payload: { email: string; password: string }): Promise<LoginAnswer> =>
  call(authEndpoints.login, { email: payload.email, password: payload.password, RememberMe: true });

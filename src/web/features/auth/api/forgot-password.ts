import type { SentMessage } from '../../../../domain/contract/envelope.js';
import { call } from '../../../lib/api-client.js';
import { authEndpoints } from '../../../../domain/contract/endpoints/auth.js';

/** POST /api/v1/auth/forgot-password: mails a reset link (the same answer whether or not the email is known). */
export const forgotPassword = (payload: { email: string }): Promise<SentMessage> =>
  call(authEndpoints.forgotPassword, { email: payload.email });

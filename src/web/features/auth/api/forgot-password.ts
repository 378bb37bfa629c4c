import type { SentMessage } from '../../../../domain/contract/envelope.js';
import { post } from '../../../lib/api-client.js';

/** POST /api/v1/auth/forgot-password: mails a reset link (the same answer whether or not the email is known). */
export const forgotPassword = (payload: { email: string }): Promise<SentMessage> =>
  post<SentMessage>('/auth/forgot-password', { email: payload.email });

import { post } from '../../../lib/api-client.js';
import type { MessageAnswer } from './types.js';

/** POST /api/v1/auth/forgot-password: mails a reset link (the same answer whether or not the email is known). */
export const forgotPassword = (payload: { email: string }): Promise<MessageAnswer> => post<MessageAnswer>('/auth/forgot-password', { email: payload.email });

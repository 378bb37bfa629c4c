import { ApiError, post } from '../../../lib/api-client.js';
import type { MessageAnswer } from './types.js';

/** Status 202 in the answer counts as a failure showing its message (SPEC.md section 7, "Account"). */
const ACCEPTED_BUT_FAILED = 202;

/** POST /api/v1/auth/password-reset: sets the new password with the id and token of the mailed link. */
export async function resetPassword(payload: { id: string; token: string; password: string; password_confirmation: string }): Promise<MessageAnswer> {
  const answer = await post<MessageAnswer>('/auth/password-reset', {
    id: payload.id,
    token: payload.token,
    password: payload.password,
    password_confirmation: payload.password_confirmation,
  });
  if (answer.status === ACCEPTED_BUT_FAILED) throw new ApiError(ACCEPTED_BUT_FAILED, answer.message);
  return answer;
}

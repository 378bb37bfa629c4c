import type { SessionUser } from '../../../lib/session.js';

/** What login, register and WeChat login answer (SPEC.md section 7, "Account"). */
export interface SessionAnswer {
  readonly access_token: string;
  readonly user: SessionUser;
}

/** What forgot-password and password-reset answer. */
export interface MessageAnswer {
  readonly message: string;
  readonly status?: number;
}

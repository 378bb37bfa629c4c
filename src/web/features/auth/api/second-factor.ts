import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SecondFactors, Session } from '../../../../domain/contract/session.js';
import { post } from '../../../lib/api-client.js';

/** The second factor's calls under /api/v1/auth/mfa (DESIGN.md section 12; docs/security.md lists them). */

/** The second sign-in step: a TOTP or recovery code, or a passkey assertion, with login's mfa_token. */
export const verifySecondFactor = (body: { mfa_token: string; code: string } | { mfa_token: string; passkey: unknown }): Promise<Session> =>
  post<Session>('/auth/mfa/verify', body);

export const passkeySignInOptions = (mfaToken: string): Promise<PublicKeyCredentialRequestOptionsJSON> =>
  post<PublicKeyCredentialRequestOptionsJSON>('/auth/mfa/passkey/sign-in-options', { mfa_token: mfaToken });

/** The signed-in staff member's factors; `token` for a session not stored yet (right after login). */
export const findSecondFactors = (token?: string): Promise<SecondFactors> => post<SecondFactors>('/auth/mfa/status', {}, token);

export const setUpTotp = (): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> => post('/auth/mfa/totp/setup');

export const confirmTotp = (code: string): Promise<{ recovery_codes: string[] }> => post('/auth/mfa/totp/confirm', { code });

export const passkeyRegistrationOptions = (): Promise<PublicKeyCredentialCreationOptionsJSON> =>
  post<PublicKeyCredentialCreationOptionsJSON>('/auth/mfa/passkey/register-options');

export const registerPasskey = (credential: unknown): Promise<{ message: string }> => post('/auth/mfa/passkey/register', { credential });

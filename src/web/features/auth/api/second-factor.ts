import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { BodyOf } from '../../../../domain/contract/endpoint.js';
import { authEndpoints } from '../../../../domain/contract/endpoints/auth.js';
import type { SecondFactors, Session } from '../../../../domain/contract/session.js';
import { call } from '../../../lib/api-client.js';

/** The second factor's calls under /api/v1/auth/mfa (DESIGN.md section 12; docs/security.md lists them). */

/**
 * The contract checks passkey options' challenge and passes the rest through (passkeyOptions is
 * loose): the WebAuthn library reads and checks the rest, so its type is taken as it names it.
 */
const asWebAuthn = <T>(options: { readonly challenge: string }): T => options as unknown as T;

type CredentialBody = NonNullable<BodyOf<typeof authEndpoints.passkeyRegister>>['credential'];

/**
 * A passkey's answer as the body schema takes it (loose objects, whose types have an index
 * signature the WebAuthn library's interfaces lack): the same fields, copied into plain objects.
 */
const asCredentialBody = (credential: AuthenticationResponseJSON | RegistrationResponseJSON): CredentialBody => ({
  ...credential,
  response: { ...credential.response },
  clientExtensionResults: { ...credential.clientExtensionResults },
});

/** The second sign-in step: a TOTP or recovery code, or a passkey assertion, with login's mfa_token. */
export const verifySecondFactor = (
  body: { mfa_token: string; code: string } | { mfa_token: string; passkey: AuthenticationResponseJSON },
): Promise<Session> =>
  call(authEndpoints.mfaVerify, 'passkey' in body ? { mfa_token: body.mfa_token, passkey: asCredentialBody(body.passkey) } : body);

export const passkeySignInOptions = async (mfaToken: string): Promise<PublicKeyCredentialRequestOptionsJSON> =>
  asWebAuthn(await call(authEndpoints.passkeySignInOptions, { mfa_token: mfaToken }));

/** The signed-in staff member's factors; `token` for a session not stored yet (right after login). */
export const findSecondFactors = (token?: string): Promise<SecondFactors> =>
  call(authEndpoints.mfaStatus, {}, token === undefined ? {} : { token });

export const setUpTotp = (): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> => call(authEndpoints.totpSetup);

export const confirmTotp = (code: string): Promise<{ recovery_codes: string[] }> => call(authEndpoints.totpConfirm, { code });

export const passkeyRegistrationOptions = async (): Promise<PublicKeyCredentialCreationOptionsJSON> =>
  asWebAuthn(await call(authEndpoints.passkeyRegisterOptions));

export const registerPasskey = (credential: RegistrationResponseJSON): Promise<{ message: string }> =>
  call(authEndpoints.passkeyRegister, { credential: asCredentialBody(credential) });

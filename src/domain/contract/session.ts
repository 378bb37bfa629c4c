import { z } from 'zod';
import { issueMessage } from '../messages/message.js';
import { sessionUser } from './session-user.js';

export { logoutPayload, sessionUser, type SessionUser } from './session-user.js';

/** What login, register and WeChat login answer; the token goes back as `Authorization: Bearer …`. */
export const session = z.object({ access_token: z.string(), user: sessionUser }).meta({ id: 'Session' });
export type Session = z.infer<typeof session>;

/** A staff account with a second factor: the password was right, now the factor (POST /auth/mfa/verify). */
export const mfaChallenge = z
  .object({ mfa_required: z.literal(true), mfa_token: z.string().describe('Good for 5 minutes and for the second step only.') })
  .meta({ id: 'MfaChallenge' });

/** What POST /auth/login answers: a session, or for staff with a second factor, the challenge (DESIGN.md section 12). */
export const loginAnswer = z.union([session, mfaChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** A six-digit TOTP code as an authenticator app shows it (spaces allowed: "123 456"). */
export const totpCode = z
  .string()
  .trim()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as shown once at enrolment: xxxx-xxxx-xxxx-xxxx (case, spaces and dashes are forgiven). */
export const recoveryCode = z
  .string()
  .trim()
  .transform((code) => code.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{16}$/));

/** A WebAuthn credential as @simplewebauthn/browser hands it over (checked in full by @simplewebauthn/server). */
export const passkeyCredential = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const mfaVerifyPayload = z
  .object({
    mfa_token: z.string().min(1).max(2048),
    /** A TOTP code (6 digits) or a recovery code. */
    code: z.string().max(64).optional(),
    /** Or a passkey assertion, after POST /auth/mfa/passkey/sign-in-options. */
    passkey: passkeyCredential.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.passkey === undefined), {
    error: issueMessage('validation.required'),
    path: ['code'],
  });

export const mfaTokenPayload = z.object({ mfa_token: z.string().min(1).max(2048) });
export const totpConfirmPayload = z.object({ code: z.string().max(64) });
export const passkeyRegisterPayload = z.object({ credential: passkeyCredential });

export const totpSetup = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }).meta({ id: 'TotpSetup' });
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON). */
export const passkeyOptions = z.looseObject({ challenge: z.string() }).meta({ id: 'PasskeyOptions' });
/** The signed-in user's second factors, for the security page. */
export const secondFactors = z
  .object({ totp: z.boolean(), passkeys: z.number().int(), recovery_codes_left: z.number().int(), required: z.boolean() })
  .meta({ id: 'SecondFactors' });
export type SecondFactors = z.infer<typeof secondFactors>;

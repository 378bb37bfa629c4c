import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, renderMessage } from '../../../domain/index.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/envelope.js';
import { fieldError, HttpError } from '../../http/errors.js';
import { requestLocale } from '../../http/locale.js';
import { AUTH_LIMITS, perAddress } from '../auth-rate-limits.js';
import { tokenSettings } from '../authenticate.js';
import { sessionFor } from '../sessions.js';
import { verifyMfaToken } from '../tokens.js';
import { findChallengedUser, findUserById } from '../users-repository.js';
import { countFailure, requireAttemptsLeft } from './attempts.js';
import { hasSecondFactor, markSessionSecondFactor } from './factors.js';
import { passkeyCount, registerPasskey, registrationOptions, relyingPartyOf, signInOptions, verifyPasskeySignIn } from './passkeys.js';
import { issueRecoveryCodes, recoveryCodesLeft, useRecoveryCode } from './recovery-codes.js';
import { createSecretBox, type SecretBox } from './secret-box.js';
import { acceptTotpCode, startTotpSetup, totpStateOf } from './totp.js';
import { endpointRoute } from '../../http/endpoint-route.js';
import { authEndpoints } from '../../../domain/contract/endpoints/index.js';

/**
 * The staff's second factor (DESIGN.md section 12), under /api/v1/auth/mfa:
 * - enrolment, signed in as staff: `status`, `totp/setup`, `totp/confirm`, `passkey/register-options`,
 *   `passkey/register` (allowed to a staff session without a factor in production: that is what it is for);
 * - the second sign-in step, with the `mfa_token` of login: `verify` (TOTP code, recovery code or
 *   passkey assertion) and `passkey/sign-in-options`.
 */
const ENROLMENT = { config: { allowsUnenrolledStaff: true } } as const;

export const mfaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const box = createSecretBox(deps.jwtSecret);
  registerStatusRoute(app, deps);
  registerTotpRoutes(app, deps, box);
  registerPasskeyRoutes(app, deps);
  registerSecondStepRoutes(app, deps, box);
};

const relyingParty = (deps: AppDeps) => relyingPartyOf(deps.publicBaseUrl());
const codeInvalid = () => fieldError('mfa_code_invalid', 'code', message('account.mfaCodeInvalid'));
const passkeyFailed = () => fieldError('passkey_failed', 'passkey', message('account.passkeyFailed'));
const alreadyEnrolled = () => new HttpError('mfa_already_enrolled', message('account.mfaAlreadyEnrolled'));

const signedInUser = async (deps: AppDeps, userId: number) => (await findUserById(deps.db, userId))!;

/** The user of a valid mfa_token (422 mfa_token_invalid otherwise), with wrong codes left. */
async function challengedUser(deps: AppDeps, token: string) {
  const userId = await verifyMfaToken(tokenSettings(deps), token, deps.clock.now());
  const user = userId === null ? undefined : await findChallengedUser(deps.db, userId);
  if (!user) throw fieldError('mfa_token_invalid', 'mfa_token', message('account.mfaTokenInvalid'));
  return user;
}

function registerStatusRoute(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(
    app,
    authEndpoints.mfaStatus,
    async (request) => {
      const userId = request.user!.id;
      return ok({
        totp: (await totpStateOf(deps.db, userId)) === 'confirmed',
        passkeys: await passkeyCount(deps.db, userId),
        recovery_codes_left: await recoveryCodesLeft(deps.db, userId),
        required: deps.config.production,
      });
    },
    ENROLMENT,
  );
}

/** Enrolling an authenticator app: its secret first, then a code from it, which issues the recovery codes. */
function registerTotpRoutes(app: FastifyInstance, deps: AppDeps, box: SecretBox): void {
  endpointRoute(
    app,
    authEndpoints.totpSetup,
    async (request) => {
      if ((await totpStateOf(deps.db, request.user!.id)) === 'confirmed') throw alreadyEnrolled();
      return ok(await startTotpSetup(deps.db, box, await signedInUser(deps, request.user!.id), deps.clock.now()));
    },
    ENROLMENT,
  );

  endpointRoute(
    app,
    authEndpoints.totpConfirm,
    async (request) => {
      const user = request.user!;
      const state = await totpStateOf(deps.db, user.id);
      if (state === 'none') throw new HttpError('mfa_not_set_up', message('account.mfaNotSetUp'));
      if (state === 'confirmed') throw alreadyEnrolled();
      if (!(await acceptTotpCode(deps.db, box, user.id, request.body.code, deps.clock.now(), 'pending'))) throw codeInvalid();
      await markSessionSecondFactor(deps, user.sessionId);
      return ok({ recovery_codes: await issueRecoveryCodes(deps.db, user.id, deps.clock.now()) });
    },
    ENROLMENT,
  );
}

function registerPasskeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(
    app,
    authEndpoints.passkeyRegisterOptions,
    async (request) =>
      ok(await registrationOptions(deps.db, relyingParty(deps), await signedInUser(deps, request.user!.id), deps.clock.now())),
    ENROLMENT,
  );

  endpointRoute(
    app,
    authEndpoints.passkeyRegister,
    async (request) => {
      const user = request.user!;
      const credential = request.body.credential as unknown as RegistrationResponseJSON;
      if (!(await registerPasskey(deps.db, relyingParty(deps), user.id, credential, deps.clock.now()))) throw passkeyFailed();
      await markSessionSecondFactor(deps, user.sessionId);
      return ok({ message: renderMessage(message('account.passkeyRegistered'), requestLocale(request)) });
    },
    ENROLMENT,
  );
}

/** The second sign-in step, proved with the mfa_token of login. */
function registerSecondStepRoutes(app: FastifyInstance, deps: AppDeps, box: SecretBox): void {
  endpointRoute(
    app,
    authEndpoints.passkeySignInOptions,
    async (request) => {
      const user = await challengedUser(deps, request.body.mfa_token);
      return ok(await signInOptions(deps.db, relyingParty(deps), user.id, deps.clock.now()));
    },
    { config: perAddress(AUTH_LIMITS.secondFactor) },
  );

  endpointRoute(
    app,
    authEndpoints.mfaVerify,
    async (request, reply) => {
      const user = await challengedUser(deps, request.body.mfa_token);
      await requireAttemptsLeft(deps.db, user.id, reply);
      const now = deps.clock.now();
      const { code, passkey } = request.body;
      const accepted =
        passkey !== undefined
          ? await verifyPasskeySignIn(deps.db, relyingParty(deps), user.id, passkey as unknown as AuthenticationResponseJSON, now)
          : (await acceptTotpCode(deps.db, box, user.id, code!, now, 'confirmed')) || (await useRecoveryCode(deps.db, user.id, code!, now));
      if (!accepted) {
        await countFailure(deps.db, user.id);
        throw passkey !== undefined ? passkeyFailed() : codeInvalid();
      }
      // A factor removed meanwhile leaves nothing to prove: the session says so.
      return ok(await sessionFor(deps, user, { secondFactor: await hasSecondFactor(deps.db, user.id) }));
    },
    { config: perAddress(AUTH_LIMITS.secondFactor) },
  );
}

import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './rate-limit-store.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, renderMessage } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { fieldError } from '../http/errors.js';
import { requestLocale } from '../http/locale.js';
import { AUTH_LIMITS, perAccount, perAddress, perAddressLimit } from './auth-rate-limits.js';
import { logInWithPassword, registerWithPassword } from './password-accounts.js';
import { completePasswordReset, requestPasswordReset } from './password-reset.js';
import { signInAfterFirstFactor } from './second-factor/factors.js';
import { mfaRoutes } from './second-factor/mfa-routes.js';
import { endAllSessions, endSession, sessionFor } from './sessions.js';
import { userOfWeChatCode } from './wechat-linking.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { authEndpoints } from '../../domain/contract/endpoints/index.js';

/** SPEC.md section 7, "Account", plus POST /user: the web's login check at startup. */

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Counted in the database: the limits hold across every server process.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db) });

  endpointRoute(
    app,
    authEndpoints.register,
    async (request) => {
      const { email, password, password_confirmation } = request.body;
      requireSamePasswords(password, password_confirmation);
      return ok(await sessionFor(deps, await registerWithPassword(deps.db, email, password)));
    },
    { config: perAddress(AUTH_LIMITS.register) },
  );

  endpointRoute(
    app,
    authEndpoints.login,
    async (request) => ok(await signInAfterFirstFactor(deps, await logInWithPassword(deps.db, request.body.email, request.body.password))),
    { onRequest: perAddressLimit(app, 'login', AUTH_LIMITS.login.perAddress), config: perAccount(AUTH_LIMITS.login) },
  );

  endpointRoute(
    app,
    authEndpoints.forgotPassword,
    async (request) => {
      // The same answer whether or not the email is known, so it cannot be used to find accounts.
      await requestPasswordReset(deps, request.body.email, request.log, requestLocale(request));
      return ok({ message: renderMessage(message('account.resetLinkSent'), requestLocale(request)) });
    },
    {
      onRequest: perAddressLimit(app, 'forgot-password', AUTH_LIMITS.forgotPassword.perAddress),
      config: perAccount(AUTH_LIMITS.forgotPassword),
    },
  );

  endpointRoute(
    app,
    authEndpoints.passwordReset,
    async (request) => {
      const { id, token, password, password_confirmation } = request.body;
      requireSamePasswords(password, password_confirmation);
      await completePasswordReset(deps, { userId: /^\d{1,15}$/.test(id) ? Number(id) : 0, token, password });
      return ok({ message: renderMessage(message('account.passwordReset'), requestLocale(request)) });
    },
    { config: perAddress(AUTH_LIMITS.passwordReset) },
  );

  endpointRoute(
    app,
    authEndpoints.wechatLogin, // WeChat is a first factor like a password: staff with a second factor take the second step too.
    async (request) =>
      ok(await signInAfterFirstFactor(deps, await userOfWeChatCode(deps, request.body.appId, request.body.code, request.log))),
    { config: perAddress(AUTH_LIMITS.wechatLogin) },
  );

  endpointRoute(
    app,
    authEndpoints.user,
    async (request) => {
      const { id, name, email, group } = request.user!;
      return ok({ id, name, email, group });
    },
    { config: { allowsUnenrolledStaff: true } },
  );

  endpointRoute(
    app,
    authEndpoints.logout,
    async (request) => {
      const everywhere = request.body?.everywhere === true;
      if (everywhere) await endAllSessions(deps, request.user!.id);
      else await endSession(deps, request.user!.sessionId);
      return ok({
        message: renderMessage(message(everywhere ? 'account.loggedOutEverywhere' : 'account.loggedOut'), requestLocale(request)),
      });
    },
    { config: { allowsUnenrolledStaff: true } },
  );

  await app.register(mfaRoutes, { ...deps, prefix: '/mfa' });
};

function requireSamePasswords(password: string, confirmation: string): void {
  if (password !== confirmation) {
    throw fieldError('password_mismatch', 'password_confirmation', message('account.confirmationMismatch'));
  }
}

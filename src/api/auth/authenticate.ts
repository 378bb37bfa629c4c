import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaff, message } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { createTokenVerifier, type TokenClaims, type TokenSettings } from './tokens.js';

export interface AuthUser {
  readonly id: number;
  readonly name: string;
  readonly email: string | null;
  readonly group: number;
  /** The session the request's token belongs to (log out ends it). */
  readonly sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate` (or by `app.identify` when a token was sent). */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token of an existing user was sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets request.user when a valid token was sent, and lets anonymous requests through. */
    identify: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * In production a staff member without a second factor may call only the routes that set this:
     * enrolling a factor, the login check and logging out (DESIGN.md section 12).
     */
    allowsUnenrolledStaff?: boolean;
  }
}

export const tokenSettings = (deps: Pick<AppDeps, 'jwtSecret' | 'config'>): TokenSettings => ({
  secret: deps.jwtSecret,
  issuer: deps.config.jwt.issuer,
  audience: deps.config.jwt.audience,
  ttlSeconds: Math.max(deps.config.jwt.ttlSeconds, deps.config.jwt.staffTtlSeconds),
});

const bearerOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
};

type Verify = (token: string, now: Date) => Promise<TokenClaims | null>;

/** The token's user while its session is open and unexpired, or null. */
async function userOf(deps: AppDeps, verify: Verify, request: FastifyRequest): Promise<(AuthUser & { secondFactor: boolean }) | null> {
  const token = bearerOf(request);
  if (!token) return null;
  const now = deps.clock.now();
  const claims = await verify(token, now);
  if (!claims) return null;
  const session = await deps.sessions.find(claims.sessionId);
  if (!session || session.userId !== claims.userId || session.expiresAt <= now) return null;
  const user = await deps.users.find(claims.userId);
  // A password reset also moves sessions_valid_after: tokens issued before its second no longer work.
  if (!user || claims.issuedAt < Math.floor(user.sessions_valid_after.getTime() / 1000)) return null;
  return { id: user.id, name: user.name, email: user.email, group: user.group, sessionId: session.id, secondFactor: session.secondFactor };
}

/**
 * In production staff work only in sessions with a second factor; without one, only the routes
 * marked `allowsUnenrolledStaff` (enrolment, the login check, log out). Payers never need one.
 */
function requireEnrolment(deps: AppDeps, request: FastifyRequest, user: AuthUser & { secondFactor: boolean }): void {
  if (!deps.config.production || !isStaff(user.group) || user.secondFactor) return;
  if (request.routeOptions.config.allowsUnenrolledStaff === true) return;
  throw new HttpError('mfa_enrolment_required', message('account.mfaEnrolmentRequired'));
}

export const authentication = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest('user', null);
  const verify = createTokenVerifier(tokenSettings(deps));
  const signIn = async (request: FastifyRequest) => {
    const found = await userOf(deps, verify, request);
    if (!found) throw unauthorized();
    requireEnrolment(deps, request, found);
    const { secondFactor: _secondFactor, ...user } = found;
    request.user = user;
  };
  app.decorate('authenticate', signIn);
  app.decorate('identify', async (request: FastifyRequest) => {
    if (bearerOf(request)) await signIn(request);
  });
});

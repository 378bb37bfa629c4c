import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.js';
import { unauthorized } from '../http/errors.js';
import { createTokenVerifier, type TokenClaims, type TokenSettings } from './tokens.js';

export interface AuthUser {
  readonly id: number;
  readonly name: string;
  readonly email: string | null;
  readonly group: number;
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
}

export const tokenSettings = (deps: AppDeps): TokenSettings => ({
  secret: deps.jwtSecret,
  issuer: deps.config.jwt.issuer,
  audience: deps.config.jwt.audience,
  ttlSeconds: deps.config.jwt.ttlSeconds,
});

const bearerOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
};

type Verify = (token: string, now: Date) => Promise<TokenClaims | null>;

async function userOf(deps: AppDeps, verify: Verify, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerOf(request);
  if (!token) return null;
  const claims = await verify(token, deps.clock.now());
  if (!claims) return null;
  const user = await deps.users.find(claims.userId);
  // A password reset moves sessions_valid_after: tokens issued before it no longer work.
  if (!user || claims.issuedAt < Math.floor(user.sessions_valid_after.getTime() / 1000)) return null;
  return { id: user.id, name: user.name, email: user.email, group: user.group };
}

export const authentication = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest('user', null);
  const verify = createTokenVerifier(tokenSettings(deps));
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await userOf(deps, verify, request);
    if (!request.user) throw unauthorized();
  });
  app.decorate('identify', async (request: FastifyRequest) => {
    if (bearerOf(request)) {
      request.user = await userOf(deps, verify, request);
      if (!request.user) throw unauthorized();
    }
  });
});

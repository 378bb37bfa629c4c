import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { message } from '../../domain/index.js';
import { HttpError } from '../http/errors.js';
import { normalizeEmail } from './users-repository.js';

const ONE_MINUTE_MS = 60 * 1000;

/**
 * Requests per minute. `perAccount` counts one address and one email together (guessing one
 * account's password); `perAddress` counts an address alone (trying many accounts), and is generous
 * because many Chinese mobile users share one public address.
 */
export const AUTH_LIMITS = {
  login: { perAccount: 10, perAddress: 60 },
  forgotPassword: { perAccount: 5, perAddress: 30 },
  register: { perAddress: 30 },
  passwordReset: { perAddress: 30 },
  wechatLogin: { perAddress: 60 },
  /** The second sign-in step; wrong codes are also counted per account (second-factor/attempts.ts). */
  secondFactor: { perAddress: 30 },
} as const;

/** A route's `config`: the plugin's limit per address. */
export const perAddress = (limit: { perAddress: number }) => ({ rateLimit: { max: limit.perAddress, timeWindow: ONE_MINUTE_MS } });

/** A route's `config`: keyed by address and email, so it runs after validation (preHandler), when the body is parsed. */
export const perAccount = (limit: { perAccount: number }) => ({
  rateLimit: {
    max: limit.perAccount,
    timeWindow: ONE_MINUTE_MS,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${emailIn(request.body)}`,
  },
});

const emailIn = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? normalizeEmail(body.email) : '';

/**
 * An `onRequest` hook: the plugin runs one route limit per request, so a second, per-address limit
 * is checked by hand. `name` keeps its counter apart from every other route's (a failed login must
 * never count against a password reset).
 */
export function perAddressLimit(app: FastifyInstance, name: string, max: number) {
  // The plugin hands `groupId` on to the store's child (rate-limit-store.ts), though its types leave it out.
  const options = { max, timeWindow: ONE_MINUTE_MS, groupId: `${name}-per-address` };
  const limiter = app.createRateLimit(options);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = await limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    void reply.header('retry-after', outcome.ttlInSeconds);
    throw new HttpError('rate_limited', message('http.tooManyRequests'));
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * A fresh nonce that this answer's Content-Security-Policy lets through for `<style>` elements
     * (the web app's index.html hands it to the code that injects them).
     */
    styleNonce(): string;
  }
}

type Directives = Readonly<Record<string, readonly string[]>>;

/**
 * The Content-Security-Policy of every answer. The web build loads only its own files: no inline
 * script and no eval, styles from its CSS files (plus, on index.html, the `<style>` elements radix's
 * modal dialogs and menus inject, through a nonce), images from itself, as data: URLs (the payment
 * QR code) or blob: URLs (made in the page), API calls to itself, and the only frame WeChat's QR
 * login, when that is configured.
 */
function directives(config: Config): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'"],
    'frame-src': config.wechat.qrLoginOrigin ? [config.wechat.qrLoginOrigin] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

const serialise = (policy: Directives): string =>
  Object.entries(policy)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** HSTS for a year, as helmet's default; sent only on answers that came over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Over TLS, links the page still makes with http:// are fetched with https:// (over plain http that would break them). */
const overTls = (policy: Directives): Directives => ({ ...policy, 'upgrade-insecure-requests': [] });

const withStyleNonce = (policy: Directives, nonce: string): Directives => ({
  ...policy,
  'style-src': [...(policy['style-src'] ?? []), `'nonce-${nonce}'`],
});

/** `request.protocol` is the socket's, or X-Forwarded-Proto's when the config trusts the proxy. */
const cameOverTls = (request: FastifyRequest): boolean => request.protocol === 'https';

/**
 * The security headers of every answer (JSON, the web app's files, the sandbox pages, errors):
 * helmet sets the fixed ones; the Content-Security-Policy and HSTS depend on the request (TLS or
 * not, and a style nonce for index.html), so they are set here per answer.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const fixed = helmetHeaders({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    // Upload-link and password-reset tokens are in page URLs, and nothing here relies on Referer.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const base = directives(config);
  const policies = { plain: serialise(base), tls: serialise(overTls(base)) };
  const policyOf = (request: FastifyRequest, nonce?: string): string => {
    const policy = cameOverTls(request) ? overTls(base) : base;
    return serialise(nonce ? withStyleNonce(policy, nonce) : policy);
  };

  app.decorateReply('styleNonce', function styleNonce(this: FastifyReply): string {
    const nonce = randomBytes(16).toString('base64');
    this.header('content-security-policy', policyOf(this.request, nonce));
    return nonce;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(fixed);
    if (cameOverTls(request)) reply.header('content-security-policy', policies.tls).header('strict-transport-security', HSTS);
    else reply.header('content-security-policy', policies.plain);
  });
}

/**
 * The fixed headers helmet sets, asked of helmet once: its middleware computed the same headers
 * again on every answer (a thirtieth of a command's CPU).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { groupMayDo, type Permission } from '../../domain/access/roles.js';
import type { EndpointAccess } from '../../domain/contract/endpoint.js';
import { forbidden, notFound } from '../http/errors.js';

/**
 * Who may call a route (DESIGN.md section 7), declared on the route itself as `config.access` and
 * checked in `onRequest`, before the body is parsed or validated: a caller without the role hears
 * 401 or 403 (or 404 where even the route's existence is theirs not to know), never a 422 naming
 * the fields.
 * - `public`: anyone, no identity taken (a token sent along is not looked at);
 * - `identified`: anyone, the user taken from a token when one is sent (a bad token is 401);
 * - `signedIn`: any signed-in user;
 * - `permission`: a signed-in user whose role has one of `anyOf`; `hidden` answers others 404.
 */
export type RouteAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'identified' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'permission'; readonly anyOf: readonly Permission[]; readonly hidden: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** A route's `config` (spread it beside other config entries). */
export const publicRoute = { access: { kind: 'public' } } as const satisfies { access: RouteAccess };
export const identifiedRoute = { access: { kind: 'identified' } } as const satisfies { access: RouteAccess };
export const signedInRoute = { access: { kind: 'signedIn' } } as const satisfies { access: RouteAccess };
export const allow = (...anyOf: Permission[]): { access: RouteAccess } => ({ access: { kind: 'permission', anyOf, hidden: false } });
/** Like `allow`, but anyone else is told there is nothing here (404), as for an order that is not theirs. */
export const allowOrHide = (...anyOf: Permission[]): { access: RouteAccess } => ({ access: { kind: 'permission', anyOf, hidden: true } });

/**
 * An endpoint's access, declared as data in the contract (`src/domain/contract/endpoints`), as the
 * route's `config`. A signed call (webhooks, partner orders) is public to this rule: its handler
 * checks the HMAC over the raw body.
 */
export function accessConfig(access: EndpointAccess): { access: RouteAccess } {
  switch (access) {
    case 'public':
    case 'signed':
      return publicRoute;
    case 'identified':
      return identifiedRoute;
    case 'signedIn':
      return signedInRoute;
    default:
      return (access.hide ? allowOrHide : allow)(...access.allow);
  }
}

/** Routes the app serves for the browser (the web build, API docs): public by nature. */
const isApiRoute = (url: string) => url.startsWith('/api/');

export class MissingAccessRule extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} declares no access rule (config.access): say who may call it`);
  }
}

async function admit(app: FastifyInstance, request: FastifyRequest, access: RouteAccess): Promise<void> {
  switch (access.kind) {
    case 'public':
      return;
    case 'identified':
      return app.identify(request);
    case 'signedIn':
      return app.authenticate(request);
    case 'permission': {
      await app.authenticate(request);
      if (access.anyOf.some((permission) => groupMayDo(request.user!.group, permission))) return;
      throw access.hidden ? notFound() : forbidden();
    }
  }
}

/**
 * Installs the rule: every API route must declare its access (the app does not start otherwise),
 * and every request is admitted by it first. Call before any route is registered.
 */
export function installRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: RouteAccess };
    if (config.access) return;
    if (isApiRoute(route.url)) throw new MissingAccessRule([route.method].flat().join(','), route.url);
    route.config = { ...config, ...publicRoute };
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access) await admit(app, request, access);
  });
}

import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRoutes } from './auth/auth-routes.js';
import { authentication } from './auth/authenticate.js';
import { installRouteAccess } from './auth/route-access.js';
import { errorBody, health, zodIssueMessage } from '../domain/index.js';
import type { AppDeps } from './deps.js';
import type { Endpoint } from '../domain/index.js';
import { documentRoutes } from './documents/document-routes.js';
import { installApiDocs } from './http/api-docs.js';
import { manageRoutes } from './manage/manage-routes.js';
import { auditRoutes } from './audit/audit-routes.js';
import { auditLogRoutes } from './audit/audit-log-routes.js';
import { warehouseRoutes } from './warehouse/warehouse-routes.js';
import { partnerRoutes } from './partners/partner-routes.js';
import { installErrorHandling, RETRY_AFTER_SECONDS } from './http/error-handler.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { serveWebApp } from './http/web-app.js';
import { stepRoutes } from './orders/step-routes.js';
import { paymentRoutes } from './payments/payment-routes.js';
import { publicRoutes } from './public/public-routes.js';
import { notificationRoutes } from './notifications/notification-routes.js';
import { receiptRoutes } from './receipts/receipt-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    readonly routeList: readonly RegisteredRoute[];
  }
}

/** A route as registered, with its schema, so tests can check every route has one. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: FastifySchema | undefined;
  /** The contract's endpoint it was registered from (`http/endpoint-route.ts`), if any. */
  readonly endpoint: Endpoint | undefined;
}

/** A health check that takes longer than this counts as "unreachable" (a stalled server, say). */
const HEALTH_CHECK_MS = 3_000;

function withinMs<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The HTTP application as a function of its dependencies, so tests build it with their own
 * database, clock and stand-ins and call it through `inject`.
 */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  // zod's own issues (a wrong type, say) become message keys too, shown in the request's language.
  z.config({ localeError: zodIssueMessage });
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route the app serves, so tests can be sure they cover all of them.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    // Read when asked: a later onRoute hook (web-app.ts) may still give the route its schema.
    for (const method of [route.method].flat())
      routes.push({
        method,
        url: route.url,
        get schema() {
          return route.schema;
        },
        endpoint: route.config?.endpoint,
      });
  });
  app.decorate('routeList', routes);
  if (!deps.config.production) await installApiDocs(app);
  installSecurityHeaders(app, deps.config);
  // The web build, when there is one; its own routes (/order/42, /login …) get index.html.
  installErrorHandling(app, await serveWebApp(app, deps.config.webDistDir));
  await app.register(authentication, deps);
  // Before any route: each declares who may call it, and is refused before its body is read.
  installRouteAccess(app);
  await app.register(authRoutes, { ...deps, prefix: '/api/v1/auth' });
  await app.register(publicRoutes, { ...deps, prefix: '/api/v1/public' });
  await app.register(stepRoutes, { ...deps, prefix: '/api/v1/step' });
  await app.register(documentRoutes, { ...deps, prefix: '/api/v1' });
  await app.register(paymentRoutes, deps);
  await app.register(manageRoutes, { ...deps, prefix: '/api/v1/manage' });
  await app.register(auditRoutes, { ...deps, prefix: '/api/v1/audit' });
  await app.register(auditLogRoutes, { ...deps, prefix: '/api/v1/audit' });
  await app.register(warehouseRoutes, { ...deps, prefix: '/api/v1' });
  await app.register(partnerRoutes, deps);
  await app.register(notificationRoutes, { ...deps, prefix: '/api/v1' });
  await app.register(receiptRoutes, { ...deps, prefix: '/api/v1' });
  const healthAnswers = { 200: health, 503: health, '4xx': errorBody, '5xx': errorBody };
  app.get('/healthz', { schema: { response: healthAnswers } }, async (_request, reply) => {
    const reach = (check: PromiseSettledResult<unknown>) => (check.status === 'fulfilled' ? 'ok' : 'unreachable');
    const [databaseCheck, eventStoreCheck] = await Promise.allSettled([
      withinMs(HEALTH_CHECK_MS, deps.db.selectFrom('users').select('id').limit(1).execute()),
      withinMs(HEALTH_CHECK_MS, deps.eventStore.ping()),
    ]);
    const database = reach(databaseCheck);
    const eventStore = reach(eventStoreCheck);
    const projections = deps.projections.problem() ? 'failing' : 'ok';
    const healthy = database === 'ok' && eventStore === 'ok' && projections === 'ok';
    if (!healthy) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', database, eventStore, projections });
  });
  return app;
}

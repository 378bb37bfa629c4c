import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authentication } from './auth/authenticate.js';
import type { AppDeps } from './deps.js';
import { installErrorHandling } from './http/error-handler.js';
import { stepRoutes } from './orders/step-routes.js';
import { publicRoutes } from './public/public-routes.js';

/**
 * The HTTP application as a function of its dependencies, so tests build it with their own
 * database, clock and stand-ins and call it through `inject`.
 */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, ...options }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(authentication, deps);
  await app.register(publicRoutes, { ...deps, prefix: '/api/v1/public' });
  await app.register(stepRoutes, { ...deps, prefix: '/api/v1/step' });
  app.get('/healthz', async (_request, reply) => {
    const checks = await Promise.allSettled([deps.db.selectFrom('users').select('id').limit(1).execute(), deps.eventStore.ping()]);
    const [database, eventStore] = checks.map((check) => (check.status === 'fulfilled' ? 'ok' : 'unreachable'));
    const healthy = checks.every((check) => check.status === 'fulfilled');
    return reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', database, eventStore });
  });
  return app;
}

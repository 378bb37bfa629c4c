import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web application from `dir` when it has been built; returns the fallback that
 * answers the SPA's own routes (/order/42, /login, …) with index.html, or null when nothing is
 * served.
 */
export async function serveWebApp(
  app: FastifyInstance,
  dir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply | null) | null> {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, 'index.html'))) return null;
  await app.register(fastifyStatic, { root, prefix: '/', wildcard: true, index: 'index.html' });
  return (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    return wantsPage ? reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html') : null;
  };
}

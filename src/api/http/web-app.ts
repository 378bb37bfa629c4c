import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { failures } from './responses.js';
import { STYLE_NONCE_PLACEHOLDER } from './style-nonce-placeholder.js';

/** The web app's own answers: not part of the API's document, but described like every route. */
const WEB_PAGE_ANSWERS = { 200: { content: { 'text/html': { schema: z.string().describe('The web app') } } }, ...failures };
const WEB_FILE_ANSWERS = { 200: { content: { '*/*': { schema: z.string().describe("A file of the web app's build") } } }, ...failures };

/** Gives the static file routes (registered inside @fastify/static) their answers. */
async function describedFiles(files: FastifyInstance, options: Parameters<typeof fastifyStatic>[1]): Promise<void> {
  files.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true, response: WEB_FILE_ANSWERS };
  });
  await files.register(fastifyStatic, options);
}

/** index.html is only ever sent with its nonce; source maps are not published, even if a build has them. */
const servedAsFile = (pathname: string): boolean => pathname !== '/index.html' && !pathname.endsWith('.map');

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
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  await app.register(describedFiles, { root, prefix: '/', wildcard: true, index: false, allowedPath: servedAsFile });
  // Read on every answer, as the static files are, so a new build is served without a restart.
  const sendIndex = (reply: FastifyReply): FastifyReply => {
    void readFile(indexFile, 'utf8').then(
      (html) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html.replaceAll(STYLE_NONCE_PLACEHOLDER, reply.styleNonce())),
      (error: unknown) => reply.send(error),
    );
    return reply;
  };
  app.get('/', { schema: { hide: true, response: WEB_PAGE_ANSWERS } }, (_request, reply) => sendIndex(reply));
  return (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    return wantsPage ? sendIndex(reply) : null;
  };
}

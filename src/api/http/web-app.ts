import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
const servedAsFile = (pathname: string): boolean => pathname !== '/index.html' && !/\.map(\.br|\.gz)?$/.test(pathname);

/** Hashed build files never change under their name: cached for a year; anything else is checked each time. */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
function cachingHeaders(reply: FastifyReply, file: string): void {
  reply.header(
    'cache-control',
    HASHED_ASSET.test(
      file
        .replace(/\.(br|gz)$/, '')
        .split(path.sep)
        .join('/'),
    )
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  );
}

/** index.html compressed per answer (its nonce changes each time), as the client accepts it. */
function compressedHtml(html: string, acceptEncoding: string): { body: Buffer | string; encoding: string | null } {
  if (/\bbr\b/.test(acceptEncoding)) return { body: brotliCompressSync(html), encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: gzipSync(html), encoding: 'gzip' };
  return { body: html, encoding: null };
}

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
  await app.register(describedFiles, {
    root,
    prefix: '/',
    wildcard: true,
    index: false,
    allowedPath: servedAsFile,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cachingHeaders,
  });
  // Read on every answer, as the static files are, so a new build is served without a restart.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    void readFile(indexFile, 'utf8').then(
      (html) => {
        const { body, encoding } = compressedHtml(
          html.replaceAll(STYLE_NONCE_PLACEHOLDER, reply.styleNonce()),
          request.headers['accept-encoding'] ?? '',
        );
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(body);
      },
      (error: unknown) => reply.send(error),
    );
    return reply;
  };
  app.get('/', { schema: { hide: true, response: WEB_PAGE_ANSWERS } }, (request, reply) => sendIndex(request, reply));
  return (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    return wantsPage ? sendIndex(request, reply) : null;
  };
}

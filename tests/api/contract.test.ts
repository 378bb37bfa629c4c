import { productionEnv } from './support/production-env.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/api/app.js';
import { API_TAGS, DOCS_PREFIX } from '../../src/api/http/api-docs.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * One API contract: every route Fastify registered has a schema for what it takes and what it
 * answers, and the OpenAPI document generated from those schemas lists every /api route with them.
 */

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The documentation's own pages and assets (served by @fastify/swagger-ui outside production). */
const isDocsPage = (route: RegisteredRoute) => route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`);
const responsesOf = (route: RegisteredRoute) => (route.schema?.response ?? {}) as Record<string, unknown>;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** A web build with one file, so the web app's own routes (index.html, its files) are registered too. */
async function fakeWebBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contract-web-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  return dir;
}

describe('the schema of every route', () => {
  let t: TestApp;
  let webDir: string;
  let routes: readonly RegisteredRoute[];

  beforeAll(async () => {
    webDir = await fakeWebBuild();
    t = await startTestApp('pglite', { env: { WEB_DIST_DIR: webDir } });
    routes = t.app.routeList.filter((route) => !isDocsPage(route));
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('covers the web app, the API, the webhooks, the sandbox pages and /healthz', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of [
      '/',
      '/*',
      '/healthz',
      '/api/v1/webhooks/payments',
      '/sandbox/checkout/:ref',
      '/api/v1/files/:uid',
      '/api/v1/step/order/upload',
    ]) {
      expect(urls, url).toContain(url);
    }
    expect(routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD').length).toBeGreaterThanOrEqual(31);
  });

  it('describes the answers of every route: success, 4xx and 5xx', () => {
    for (const route of routes) {
      const responses = responsesOf(route);
      expect(Object.keys(responses), `${route.method} ${route.url}`).toEqual(expect.arrayContaining(['200', '4xx', '5xx']));
    }
  });

  it('describes what every route takes: the body of each route that has one, the parameters in each path', () => {
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      if (BODY_METHODS.has(route.method)) expect(route.schema?.body, name).toBeDefined();
      if (route.url.includes('/:')) expect(route.schema?.params, name).toBeDefined();
    }
  });

  it('answers 202 with the stored order id wherever a route runs an order command', () => {
    const commands = routes.filter((route) =>
      /^\/api\/v1\/(step\/(amount\/create|(accept|send|check|pay)\/update)$|step\/order\/(upload|updateFile|finishUpload|finishPay|cancel)$|public\/upload\/(upload|updateFile)$)/.test(
        route.url,
      ),
    );
    expect(commands.length).toBe(12);
    for (const route of commands) expect(Object.keys(responsesOf(route)), route.url).toContain('202');
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: {
    openapi: string;
    info: { description: string };
    tags: { name: string; description?: string }[];
    paths: Record<
      string,
      Record<string, { requestBody?: unknown; responses: Record<string, unknown>; parameters?: unknown[]; tags?: string[] }>
    >;
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => t?.close());

  it('is valid OpenAPI 3', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  /** GETs whose question is their path alone (DESIGN.md section 11: the bell's count). */
  const TAKES_NOTHING = new Set(['GET /api/v1/notifications/unread']);

  it('lists every /api route with its request and its answers', () => {
    const apiRoutes = t.app.routeList.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    for (const route of apiRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      expect(operation, name).toBeDefined();
      expect(Object.keys(operation!.responses), name).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
      if (BODY_METHODS.has(route.method)) expect(operation!.requestBody, name).toBeDefined();
      else if (!TAKES_NOTHING.has(name)) expect(operation!.parameters?.length, name).toBeGreaterThan(0);
    }
  });

  it('puts every operation in one declared, described section, and leaves no section empty', () => {
    const declared = document.tags.map((tag) => tag.name);
    expect(declared).toEqual(API_TAGS.map((tag) => tag.name));
    for (const tag of document.tags) expect(tag.description, tag.name).toMatch(/\w{3}/);
    const used = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags, `${method} ${path}`).toHaveLength(1);
        expect(declared, `${method} ${path}`).toContain(operation.tags![0]);
        used.add(operation.tags![0]!);
      }
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it('describes the whole API, not only the payer side', () => {
    for (const audience of ['payers', 'back office', 'auditors', 'warehouse', 'partners'])
      expect(document.info.description).toContain(audience);
    expect(document.info.description).not.toMatch(/SPEC\.md|payer-facing/);
  });

  it('names the error codes and the shared shapes once, as components', () => {
    const json = JSON.stringify(document);
    expect(json).toContain('"#/components/schemas/ErrorBody"');
    expect(json).toContain('"#/components/schemas/Order"');
    for (const code of ['validation_failed', 'order_refused.details_incomplete', 'zip_refused.executable', 'internal_error'])
      expect(json).toContain(`"${code}"`);
  });

  it('is browsable at /docs outside production', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    // Under the app's own strict policy: nothing is relaxed for the documentation.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
  });
});

describe('the documentation in production', () => {
  it('is not served', async () => {
    const t = await startTestApp('pglite', { env: productionEnv() });
    try {
      for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/`, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/static/swagger-ui-bundle.js`]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().code).toBe('not_found');
      }
    } finally {
      await t.close();
    }
  });
});

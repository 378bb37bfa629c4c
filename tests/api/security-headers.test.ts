import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { STYLE_NONCE_PLACEHOLDER } from '../../src/api/http/style-nonce-placeholder.js';
import { orderInStatus } from './support/fixtures.js';
import { ENGINES, startTestApp, type TestApp } from './support/test-app.js';

const WECHAT_OPEN_APP = { WECHAT_OPEN_APP_ID: 'wx-open', WECHAT_OPEN_APP_SECRET: 'open-secret' };
const INDEX_HTML = `<!doctype html><meta property="csp-nonce" nonce="${STYLE_NONCE_PLACEHOLDER}"><title>app</title>`;

/** The directives every answer's policy has, whatever else it allows. */
const REQUIRED_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  'frame-src https://open.weixin.qq.com',
];

const directivesOf = (response: LightMyRequestResponse): string[] =>
  String(response.headers['content-security-policy'] ?? '')
    .split(';')
    .map((directive) => directive.trim());

/** The headers every answer carries (the sandbox pages have a policy of their own, checked apart). */
function expectFixedHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['origin-agent-cluster']).toBe('?1');
  expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  expectFixedHeaders(response);
  expect(directivesOf(response)).toEqual(expect.arrayContaining(REQUIRED_DIRECTIVES));
  // Styles from the app's own files; on index.html also <style> elements with that answer's nonce.
  expect(directivesOf(response).find((directive) => directive.startsWith('style-src'))).toMatch(
    /^style-src 'self'( 'nonce-[A-Za-z0-9+/]+=*')?$/,
  );
}

/** A web build with an index.html that carries vite's nonce placeholder, a script and its source map. */
async function fakeWebBuild(): Promise<string> {
  const dist = path.join(process.cwd(), '.tmp', `web-headers-${process.pid}`);
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
  await writeFile(path.join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dist;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe.each(ENGINES)('security headers on %s', (engine) => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await fakeWebBuild();
    t = await startTestApp(engine, { env: { WEB_DIST_DIR: dist, ...WECHAT_OPEN_APP } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('are on JSON answers', async () => {
    const response = await t.post('/api/v1/public/resources', {});
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('are on error answers: 404, 422 and 500', async () => {
    const notFound = await t.post('/api/v1/nothing', {});
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound);
    const invalid = await t.post('/api/v1/public/findRate', { currency: 42 });
    expect(invalid.statusCode).toBe(422);
    expectSecurityHeaders(invalid);
    const failing = await buildApp({ ...t.deps, rates: { baseRate: () => Promise.reject(new Error('rates are down')) } });
    try {
      const failed = await failing.inject({ method: 'POST', url: '/api/v1/public/findRate', payload: { currency: 'EUR' } });
      expect(failed.statusCode).toBe(500);
      expectSecurityHeaders(failed);
    } finally {
      await failing.close();
    }
  });

  it("are on the web app's files and on index.html, whose style nonce is new on every answer", async () => {
    expectSecurityHeaders(await get(t.app, '/assets/app.js'));
    const pages = [await get(t.app, '/'), await get(t.app, '/order/42', { accept: 'text/html' })];
    const nonces = pages.map((page) => {
      expect(page.statusCode).toBe(200);
      expectSecurityHeaders(page);
      const nonce = /'nonce-([^']+)'/.exec(directivesOf(page).find((directive) => directive.startsWith('style-src')) ?? '')?.[1];
      expect(nonce, 'a style nonce').toBeTruthy();
      // The page hands the same nonce to the code that injects <style> elements.
      expect(page.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(page.body).not.toContain(STYLE_NONCE_PLACEHOLDER);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('never send index.html with its placeholder, nor a source map', async () => {
    expect((await get(t.app, '/index.html')).statusCode).toBe(404);
    expect((await get(t.app, '/index.html', { accept: 'text/html' })).body).not.toContain(STYLE_NONCE_PLACEHOLDER);
    const map = await get(t.app, '/assets/app.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expectSecurityHeaders(map);
  });

  it('are on the sandbox checkout page, whose own stricter policy allows only its one style element', async () => {
    const payer = await t.createUser();
    const id = await orderInStatus(t, payer, 2);
    const link = await t.post('/api/v1/step/order/makeGoallPayLink', { id }, payer.token);
    expect(link.statusCode, link.body).toBe(200);
    const page = await get(t.app, new URL(link.json().data as string).pathname);
    expect(page.statusCode).toBe(200);
    expectFixedHeaders(page);
    const directives = directivesOf(page);
    expect(directives).toEqual(
      expect.arrayContaining(["default-src 'none'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"]),
    );
    // The hash is that of the page's one style element, so the browser applies it.
    const style = /<style>([\s\S]*)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(directives).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(page.body.match(/<style/g)).toHaveLength(1);
    expect(page.body).not.toMatch(/<script|style="/);
  });

  it('send HSTS and upgrade-insecure-requests only over TLS, which plain http is not', async () => {
    const plain = await t.post('/api/v1/public/resources', {});
    expectSecurityHeaders(plain);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(plain)).not.toContain('upgrade-insecure-requests');
  });

  it('ignore X-Forwarded-Proto when the proxy is not trusted: the client could claim anything', async () => {
    const claimed = await get(t.app, '/healthz', { 'x-forwarded-proto': 'https' });
    expectSecurityHeaders(claimed);
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(claimed)).not.toContain('upgrade-insecure-requests');
  });
});

describe('security headers behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  it('send HSTS and upgrade-insecure-requests when the proxy says the request came over https', async () => {
    const overTls = await get(t.app, '/healthz', { 'x-forwarded-proto': 'https' });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directivesOf(overTls)).toContain('upgrade-insecure-requests');
    const overHttp = await get(t.app, '/healthz', { 'x-forwarded-proto': 'http' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(overHttp)).not.toContain('upgrade-insecure-requests');
  });

  it('allow no frame at all without a WeChat QR login app', async () => {
    expect(directivesOf(await get(t.app, '/healthz'))).toContain("frame-src 'none'");
  });
});

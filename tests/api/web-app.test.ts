import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('serving the web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(process.cwd(), '.tmp', `web-${process.pid}`);
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const bundle = `export const greeting = ${JSON.stringify('你好'.repeat(2000))};`;
    await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js'), bundle);
    await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(bundle));
    await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(bundle));
    t = await startTestApp('pglite', { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => t?.close());

  it('serves the files, and index.html for the app routes, but never for the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    const page = await t.app.inject({ method: 'GET', url: '/order/42', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends hashed files precompressed and cached for a year, index.html compressed and never cached', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('你好');
    expect(brotli.rawPayload.length).toBeLessThan(1000);
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('你好');
    // Not hashed: checked on every use.
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>app</title>');
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('serving the web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(process.cwd(), '.tmp', `web-${process.pid}`);
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
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
});

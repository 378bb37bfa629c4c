import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '../../src/domain/index.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * One endpoint map (src/domain/contract/endpoints): every /api route the app serves is registered
 * from an entry of the map, and every entry of the map is served, at its method and path.
 */
const mapped: Endpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area) as Endpoint[]);
const keyOf = (method: string, path: string) => `${method} ${path}`;

describe('the endpoint map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  const apiRoutes = () => t.app.routeList.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');

  it('is where every /api route comes from', () => {
    const strays = apiRoutes().filter(
      (route) => !route.endpoint || keyOf(route.method, route.url) !== keyOf(route.endpoint.method, route.endpoint.path),
    );
    expect(strays.map((route) => keyOf(route.method, route.url))).toEqual([]);
  });

  it('has every entry registered', () => {
    const served = new Set(apiRoutes().map((route) => keyOf(route.method, route.url)));
    expect(mapped.filter((entry) => !served.has(keyOf(entry.method, entry.path))).map((entry) => keyOf(entry.method, entry.path))).toEqual(
      [],
    );
  });

  it('declares each method and path once', () => {
    const keys = mapped.map((entry) => keyOf(entry.method, entry.path));
    expect(keys.length).toBe(new Set(keys).size);
  });
});

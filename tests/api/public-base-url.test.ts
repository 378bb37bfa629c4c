import { describe, expect, it } from 'vitest';
import { createPublicBaseUrl, localUrl } from '../../src/api/public-base-url.js';

describe('the public base URL', () => {
  it('is PUBLIC_BASE_URL when given, wherever the server listens', () => {
    const base = createPublicBaseUrl('https://pay.example.com', { host: '0.0.0.0', port: 3000 });
    base.listeningAt({ address: '127.0.0.1', family: 'IPv4', port: 41234 });
    expect(base.current()).toBe('https://pay.example.com');
  });

  it('is otherwise the address the server listens on, known once it listens', () => {
    const base = createPublicBaseUrl(undefined, { host: '127.0.0.1', port: 0 });
    base.listeningAt({ address: '127.0.0.1', family: 'IPv4', port: 41234 });
    expect(base.current()).toBe('http://127.0.0.1:41234');
  });

  it('is the configured port on this machine before it listens (an app driven through inject)', () => {
    expect(createPublicBaseUrl(undefined, { host: '0.0.0.0', port: 3000 }).current()).toBe('http://localhost:3000');
  });

  it.each([
    ['0.0.0.0', 'http://localhost:8080'],
    ['::', 'http://localhost:8080'],
    ['::1', 'http://[::1]:8080'],
    ['192.0.2.7', 'http://192.0.2.7:8080'],
    ['pay.internal', 'http://pay.internal:8080'],
  ])('turns the listening host %s into %s', (host, url) => {
    expect(localUrl(host, 8080)).toBe(url);
  });
});

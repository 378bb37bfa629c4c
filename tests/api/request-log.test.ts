import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, requestLogging } from '../../src/api/http/logger-options.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** What `npm start` logs per request: one line outside debug, Fastify's detailed pair in debug. */
describe.each(['info', 'debug'] as const)('the request log at LOG_LEVEL=%s', (level) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const logger = loggerOptions(level, { write: (line) => void lines.push(line) });
    t = await startTestApp('pglite', { app: { logger, ...requestLogging(level) } });
  });
  afterAll(() => t.close());

  it(level === 'info' ? 'is one line: method, path, status and time' : 'keeps the incoming and completed lines', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/healthz?token=secret' });
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    if (level === 'info') expect(messages).toEqual([expect.stringMatching(/^GET \/healthz 200 \d+ms$/)]);
    else expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.join('\n')).not.toContain('secret');
  });
});

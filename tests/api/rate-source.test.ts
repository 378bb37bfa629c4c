import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATES, httpRates, staticRates } from '../../src/api/public/rate-source.js';

/** A local stand-in of a rate service: answers whatever `answer` holds now. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let requests = 0;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('base-rate sources', () => {
  it('ships a default table for every payee currency', async () => {
    expect(await staticRates().baseRate('EUR')).toBe(DEFAULT_RATES.EUR);
    expect(await staticRates().baseRate('JPY')).toBe('0.047310');
  });

  it('reads a configured URL, keeps it for the cache time, and takes only valid rates', async () => {
    answer = { status: 200, body: JSON.stringify({ EUR: '8.1', USD: 7.2, JPY: 'abc', AUD: '-1' }) };
    requests = 0;
    const rates = httpRates(url, 60_000);
    expect(await rates.baseRate('EUR')).toBe('8.1');
    expect(await rates.baseRate('USD')).toBe('7.2');
    expect(await rates.baseRate('JPY')).toBe(DEFAULT_RATES.JPY);
    expect(await rates.baseRate('AUD')).toBe(DEFAULT_RATES.AUD);
    expect(requests).toBe(1);
  });

  it('falls back to the last good table, then to the shipped one, when the source fails', async () => {
    answer = { status: 200, body: JSON.stringify({ EUR: '8.3' }) };
    const rates = httpRates(url, 0);
    expect(await rates.baseRate('EUR')).toBe('8.3');
    answer = { status: 500, body: 'down' };
    expect(await rates.baseRate('EUR')).toBe('8.3');
    expect(await httpRates(url, 0).baseRate('EUR')).toBe(DEFAULT_RATES.EUR);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('runs embedded with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, eventStoreUrl: undefined, paymentDeadlineMs: 72 * 3600_000 });
    expect(config.payments.gateway).toBe('sandbox');
  });

  it('reports every problem at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        JWT_SECRET: 'short',
        PAYMENT_GATEWAY: 'http',
        WECHAT_MP_APP_ID: 'wx123',
        PAYMENT_DEADLINE_HOURS: '-1',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const fields = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(fields).toEqual(
        expect.arrayContaining(['PORT', 'DATABASE_URL', 'JWT_SECRET', 'PAYMENT_DEADLINE_HOURS', 'PAYMENT_GATEWAY_URL', 'WEBHOOK_SECRET', 'WECHAT_MP_APP_ID/WECHAT_MP_APP_SECRET']),
      );
    }
  });

  it.each(['', ' 80', '0x10', '1e3', '80.5', '-1', '70000'])('refuses PORT=%j', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('takes PORT=0 (a free port) and a plain port', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
  });

  it('reports the rules between variables', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'http', WECHAT_MP_APP_ID: 'wx123' })).toThrow(
      /PAYMENT_GATEWAY_URL[\s\S]*WEBHOOK_SECRET[\s\S]*WECHAT_MP_APP_ID\/WECHAT_MP_APP_SECRET/,
    );
  });

  it('takes the real Postgres, EventStoreDB, SMTP and WeChat settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/pay',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      SMTP_URL: 'smtp://mail:25',
      WECHAT_MP_APP_ID: 'wx-in',
      WECHAT_MP_APP_SECRET: 's-in',
      WECHAT_OPEN_APP_ID: 'wx-out',
      WECHAT_OPEN_APP_SECRET: 's-out',
      PUBLIC_BASE_URL: 'https://pay.example.com/',
    });
    expect(config.databaseUrl).toBe('postgres://u@db:5432/pay');
    expect(config.eventStoreUrl).toBe('esdb://es:2113?tls=false');
    expect(config.wechat.insideApp).toEqual({ appId: 'wx-in', secret: 's-in' });
    expect(config.wechat.outsideApp).toEqual({ appId: 'wx-out', secret: 's-out' });
    expect(config.publicBaseUrl).toBe('https://pay.example.com');
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { PRODUCTION_REQUIRED } from './support/production-env.js';

describe('configuration', () => {
  it('runs embedded with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      eventStoreUrl: undefined,
      paymentDeadlineMs: 72 * 3600_000,
      queueSlaHours: 24,
    });
    expect(loadConfig({ QUEUE_SLA_HOURS: '48' }).queueSlaHours).toBe(48);
    expect(() => loadConfig({ QUEUE_SLA_HOURS: '0' })).toThrow(/QUEUE_SLA_HOURS/);
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
        expect.arrayContaining([
          'PORT',
          'DATABASE_URL',
          'JWT_SECRET',
          'PAYMENT_DEADLINE_HOURS',
          'PAYMENT_GATEWAY_URL',
          'WEBHOOK_SECRET',
          'WECHAT_MP_APP_ID/WECHAT_MP_APP_SECRET',
        ]),
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

  describe('in production (NODE_ENV=production)', () => {
    const PRODUCTION = {
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
      JWT_SECRET: 'j'.repeat(32),
      WEBHOOK_SECRET: 'w'.repeat(32),
      PARTNER_SECRET: 'p'.repeat(32),
      PUBLIC_BASE_URL: 'https://pay.example.com',
      AUDIT_SIGNING_KEY_FILE: '/etc/overseas-pay/audit-signing-key.pem',
      RECEIPT_SIGNING_KEY_FILE: '/etc/overseas-pay/receipt-signing-key.pem',
      RESERVE_ACCOUNT_NAME: 'Overseas Pay Reserve',
      RESERVE_ACCOUNT_NO: '1100 2233 4455',
      RESERVE_BANK: 'ICBC Beijing',
    } as const;
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return [...error.problems];
        throw error;
      }
      return [];
    };
    const variables = (problems: readonly string[]) => problems.map((problem) => problem.split(':')[0]);

    it('names every variable it cannot default, all at once', () => {
      const problems = problemsOf({ NODE_ENV: 'production' });
      expect(variables(problems)).toEqual(PRODUCTION_REQUIRED);
      expect(problems.join('\n')).toMatch(/required when NODE_ENV=production/);
    });

    it('reports them together with the other problems, each variable once', () => {
      const problems = problemsOf({ NODE_ENV: 'production', PORT: 'eighty', PAYMENT_GATEWAY: 'http', PUBLIC_BASE_URL: '' });
      expect(variables(problems).sort()).toEqual([
        'AUDIT_SIGNING_KEY_FILE',
        'JWT_SECRET',
        'PARTNER_SECRET',
        'PAYMENT_GATEWAY_URL',
        'PORT',
        'PUBLIC_BASE_URL',
        'RECEIPT_SIGNING_KEY_FILE',
        'RESERVE_ACCOUNT_NAME',
        'RESERVE_ACCOUNT_NO',
        'RESERVE_BANK',
        'WEBHOOK_SECRET',
      ]);
      expect(problems.find((problem) => problem.startsWith('WEBHOOK_SECRET'))).toMatch(/PAYMENT_GATEWAY=http and when NODE_ENV=production/);
    });

    it('starts when they are given, with the sandbox only when chosen', () => {
      const config = loadConfig(PRODUCTION);
      expect(config).toMatchObject({ production: true, publicBaseUrl: 'https://pay.example.com' });
      expect(config.payments.gateway).toBe('sandbox');
      expect(
        loadConfig({ ...PRODUCTION, PAYMENT_GATEWAY: 'http', PAYMENT_GATEWAY_URL: 'https://psp.example.com/pay' }).payments.gateway,
      ).toBe('http');
    });

    it('takes only an http or https PUBLIC_BASE_URL', () => {
      expect(variables(problemsOf({ ...PRODUCTION, PUBLIC_BASE_URL: 'javascript:alert(1)' }))).toEqual(['PUBLIC_BASE_URL']);
      expect(variables(problemsOf({ ...PRODUCTION, PUBLIC_BASE_URL: 'pay.example.com' }))).toEqual(['PUBLIC_BASE_URL']);
    });

    it('refuses a blank secret as not given', () => {
      expect(variables(problemsOf({ ...PRODUCTION, JWT_SECRET: ' ', WEBHOOK_SECRET: '' }))).toEqual(
        expect.arrayContaining(['JWT_SECRET', 'WEBHOOK_SECRET']),
      );
    });
  });

  it.each(['development', 'test', undefined])('is the demo with NODE_ENV=%s', (nodeEnv) => {
    const config = loadConfig(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv });
    expect(config.production).toBe(false);
    expect(config.publicBaseUrl).toBeUndefined();
    expect(config.jwt.secret).toBeUndefined();
  });

  it.each(['prod', 'Production', 'staging', ''])('refuses NODE_ENV=%j', (nodeEnv) => {
    expect(() => loadConfig({ NODE_ENV: nodeEnv })).toThrow(/NODE_ENV: must be production, development or test/);
  });

  it('takes SHUTDOWN_TIMEOUT_SECONDS, 10 s by default', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRouteAccess, MissingAccessRule } from '../../src/api/auth/route-access.js';
import type { Role } from '../../src/domain/index.js';
import { ENGINES, startTestApp, type TestApp } from './support/test-app.js';

/**
 * The role-by-route table (DESIGN.md sections 7 and 12), written out here apart from the routes'
 * own declarations: every route the app serves must be in it (a new route without a row fails),
 * and every route is called as anonymous and as each role to see the table hold.
 * - `public`: anyone (the payer's public calls, account calls, pages, docs);
 * - `signed`: a partner's or the bank's server, proven by an HMAC over the body, not by a login;
 * - `signedIn`: any signed-in user;
 * - a list of roles: only they pass; anyone else hears 403 (404 where `hidden`: not even that it exists).
 */
type Rule = 'public' | 'signed' | 'signedIn' | { readonly roles: readonly Role[]; readonly hidden?: true };

const payer: Rule = { roles: ['payer'] };
const backOfficeRead: Rule = { roles: ['admin', 'auditor'] };
const adminOnly: Rule = { roles: ['admin'] };
const warehouseRead: Rule = { roles: ['admin', 'auditor', 'warehouse'] };
const warehouseChange: Rule = { roles: ['admin', 'warehouse'] };
const staff: Rule = { roles: ['admin', 'auditor', 'warehouse'] };

const TABLE: Readonly<Record<string, Rule>> = {
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/password-reset': 'public',
  'POST /api/v1/auth/wechatlogin': 'public',
  'POST /api/v1/auth/user': 'signedIn',
  'POST /api/v1/auth/logout': 'signedIn',
  // Staff enrol a second factor; the second sign-in step carries its own short-lived mfa_token.
  'POST /api/v1/auth/mfa/status': staff,
  'POST /api/v1/auth/mfa/totp/setup': staff,
  'POST /api/v1/auth/mfa/totp/confirm': staff,
  'POST /api/v1/auth/mfa/passkey/register-options': staff,
  'POST /api/v1/auth/mfa/passkey/register': staff,
  'POST /api/v1/auth/mfa/passkey/sign-in-options': 'public',
  'POST /api/v1/auth/mfa/verify': 'public',
  'POST /api/v1/public/resources': 'public',
  'POST /api/v1/public/wechatConfig': 'public',
  'POST /api/v1/public/findNotice': 'public',
  'POST /api/v1/public/findResource': 'public',
  'POST /api/v1/public/findRate': 'public',
  'POST /api/v1/public/upload/find': 'public',
  'POST /api/v1/public/upload/upload': 'public',
  'POST /api/v1/public/upload/updateFile': 'public',
  'POST /api/v1/step/order/find': { roles: ['payer', 'admin', 'auditor'], hidden: true },
  'GET /api/v1/step/order/receipt.pdf': { roles: ['payer', 'admin', 'auditor'], hidden: true },
  'HEAD /api/v1/step/order/receipt.pdf': { roles: ['payer', 'admin', 'auditor'], hidden: true },
  'GET /api/v1/public/receipts/:receipt_no': 'public',
  'HEAD /api/v1/public/receipts/:receipt_no': 'public',
  'POST /api/v1/public/receipts/verify': 'public',
  'POST /api/v1/step/order/findOrders': payer,
  'POST /api/v1/step/order/templates': payer,
  'POST /api/v1/step/order/lookalikes': payer,
  'POST /api/v1/step/amount/create': payer,
  'POST /api/v1/step/accept/update': payer,
  'POST /api/v1/step/send/update': payer,
  'POST /api/v1/step/check/quote': payer,
  'POST /api/v1/step/quota': payer,
  'POST /api/v1/step/check/update': payer,
  'POST /api/v1/step/pay/update': payer,
  'POST /api/v1/step/order/finishPay': payer,
  'POST /api/v1/step/order/cancel': payer,
  'POST /api/v1/step/order/upload': payer,
  'POST /api/v1/step/order/updateFile': payer,
  'POST /api/v1/step/order/finishUpload': payer,
  'POST /api/v1/step/order/messages': { roles: ['payer', 'admin', 'auditor'], hidden: true },
  'POST /api/v1/step/order/message': payer,
  'POST /api/v1/step/order/makeGoallPayLink': payer,
  'POST /api/v1/step/order/makeJiMuPayLink': payer,
  // A file answers its order's owner, admins and auditors, or a holder of the upload link; anyone else 404.
  'GET /api/v1/files/:uid': 'public',
  'HEAD /api/v1/files/:uid': 'public',
  'POST /api/v1/manage/order/findFiles': backOfficeRead,
  'POST /api/v1/manage/order/upload': adminOnly,
  'POST /api/v1/manage/order/updateFile': adminOnly,
  'POST /api/v1/manage/gic/order/findFiles': backOfficeRead,
  'POST /api/v1/manage/gic/order/upload': adminOnly,
  'POST /api/v1/gic/updateFile': adminOnly,
  'POST /api/v1/webhooks/payments': 'signed',
  'POST /api/v1/webhooks/bank': 'signed',
  'POST /api/v1/partners/orders': 'signed',
  'POST /api/v1/manage/statistic': backOfficeRead,
  'POST /api/v1/manage/users': backOfficeRead,
  'POST /api/v1/manage/updateUser': adminOnly,
  'POST /api/v1/manage/eraseUser': adminOnly,
  'POST /api/v1/manage/resources': backOfficeRead,
  'POST /api/v1/manage/updateResource': adminOnly,
  'GET /api/v1/manage/resources/:id/qr.png': backOfficeRead,
  'HEAD /api/v1/manage/resources/:id/qr.png': backOfficeRead,
  'GET /api/v1/manage/resources/:id/qr.svg': backOfficeRead,
  'HEAD /api/v1/manage/resources/:id/qr.svg': backOfficeRead,
  'POST /api/v1/manage/config/findBit': backOfficeRead,
  'POST /api/v1/manage/config/updateBit': adminOnly,
  'POST /api/v1/manage/config/findNotice': backOfficeRead,
  'POST /api/v1/manage/config/updateNotice': adminOnly,
  'POST /api/v1/manage/orders': backOfficeRead,
  'POST /api/v1/manage/gic/orders': backOfficeRead,
  'GET /api/v1/manage/orders/export.csv': backOfficeRead,
  'HEAD /api/v1/manage/orders/export.csv': backOfficeRead,
  'GET /api/v1/manage/orders/export.xlsx': backOfficeRead,
  'HEAD /api/v1/manage/orders/export.xlsx': backOfficeRead,
  'POST /api/v1/manage/dashboard': backOfficeRead,
  'POST /api/v1/manage/order/find': backOfficeRead,
  'POST /api/v1/manage/setStatus': adminOnly,
  'POST /api/v1/manage/order/refund': adminOnly,
  'POST /api/v1/manage/order/messages': backOfficeRead,
  'POST /api/v1/manage/order/message': adminOnly,
  'POST /api/v1/manage/gic/setStatus': adminOnly,
  'POST /api/v1/manage/changeUploadDocument': adminOnly,
  'POST /api/v1/manage/reconciliation/statements': adminOnly,
  'POST /api/v1/manage/reconciliation/entries': backOfficeRead,
  'POST /api/v1/manage/reconciliation/assign': adminOnly,
  'POST /api/v1/manage/reconciliation/return': adminOnly,
  'POST /api/v1/manage/approvals': backOfficeRead,
  'POST /api/v1/manage/approvals/approve': adminOnly,
  'POST /api/v1/manage/approvals/reject': adminOnly,
  'POST /api/v1/notifications': 'signedIn',
  'POST /api/v1/notifications/read': 'signedIn',
  'GET /api/v1/notifications/unread': 'signedIn',
  'HEAD /api/v1/notifications/unread': 'signedIn',
  'POST /api/v1/notifications/preferences': 'signedIn',
  'POST /api/v1/manage/notifications/failed': backOfficeRead,
  'POST /api/v1/audit/order/history': backOfficeRead,
  'POST /api/v1/audit/order/asOf': backOfficeRead,
  'POST /api/v1/audit/order/evidence': backOfficeRead,
  'POST /api/v1/audit/settings/history': backOfficeRead,
  'POST /api/v1/audit/log': backOfficeRead,
  'GET /api/v1/audit/log.csv': backOfficeRead,
  'HEAD /api/v1/audit/log.csv': backOfficeRead,
  'POST /api/v1/audit/checkpoint': adminOnly,
  'POST /api/v1/audit/verify': adminOnly,
  'POST /api/v1/warehouse/stocks/statistic': warehouseRead,
  'POST /api/v1/warehouse/stocks/find_goods': warehouseRead,
  'POST /api/v1/warehouse/stocks/find_out_goods': warehouseRead,
  'POST /api/v1/warehouse/in': warehouseRead,
  'POST /api/v1/warehouse/in/create': warehouseChange,
  'POST /api/v1/warehouse/in/receive': warehouseChange,
  'POST /api/v1/warehouse/out/create': warehouseChange,
  'POST /api/v1/warehouse/in/invalidate': warehouseChange,
  'POST /api/v1/warehouse/in/find': warehouseRead,
  'POST /api/v1/warehouse/box/find': warehouseRead,
  'POST /api/v1/warehouse/out/find': warehouseRead,
  'POST /api/v1/logistics/waybill/find': warehouseRead,
  'GET /healthz': 'public',
  'HEAD /healthz': 'public',
  'GET /sandbox/checkout/:ref': 'public',
  'HEAD /sandbox/checkout/:ref': 'public',
  'POST /sandbox/checkout/:ref/pay': 'public',
};

/** The API docs' pages and the web build's files are the browser's: public, and not called here. */
const isPageRoute = (url: string) => !url.startsWith('/api/') && url !== '/healthz' && !url.startsWith('/sandbox/');

const CALLERS = ['anonymous', 'payer', 'admin', 'auditor', 'warehouse'] as const;
type Caller = (typeof CALLERS)[number];
const GROUP_OF: Record<Exclude<Caller, 'anonymous'>, number> = { payer: 0, admin: 1, auditor: 2, warehouse: 3 };

/** What this caller must hear from a route with this rule, called with an empty (invalid) body. */
function expectation(rule: Rule, caller: Caller): { status?: number; not?: readonly number[] } {
  if (rule === 'public') return { not: [401, 403] };
  if (rule === 'signed') return { status: 401 };
  if (caller === 'anonymous') return { status: 401 };
  if (rule === 'signedIn') return { not: [401, 403] };
  if (rule.roles.includes(caller)) return { not: [401, 403] };
  return { status: rule.hidden ? 404 : 403 };
}

const withParams = (url: string) => url.replace(':uid', 'no-such-file').replace(':id', '1').replace(':ref', 'no-such-ref');

describe.each(ENGINES)('who may call each route, on %s', (engine) => {
  let t: TestApp;
  const tokens = new Map<Caller, string | undefined>();

  beforeAll(async () => {
    t = await startTestApp(engine);
    tokens.set('anonymous', undefined);
    for (const [role, group] of Object.entries(GROUP_OF)) tokens.set(role as Caller, (await t.createUser({ group })).token);
  });
  afterAll(async () => t?.close());

  const routeKeys = () => t.app.routeList.map((route) => `${route.method} ${route.url}`);

  it('has a row for every route the app serves, and no row for a route it does not', () => {
    const served = new Set(routeKeys().filter((key) => !isPageRoute(key.split(' ')[1]!)));
    expect(
      [...served].filter((key) => !(key in TABLE)),
      'routes without a row in the table',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((key) => !served.has(key)),
      'rows naming no route',
    ).toEqual([]);
  });

  it('answers every caller of every route as the table says, before it looks at the body, and never 5xx', async () => {
    const wrong: string[] = [];
    // Logging out ends the caller's session: it is called last.
    const keys = Object.keys(TABLE).sort((a, b) => Number(a.endsWith('/auth/logout')) - Number(b.endsWith('/auth/logout')));
    for (const key of keys) {
      const [method, url] = key.split(' ') as [string, string];
      for (const caller of CALLERS) {
        const token = tokens.get(caller);
        const response = await t.app.inject({
          method: method as 'GET',
          url: withParams(url),
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        const expected = expectation(TABLE[key]!, caller);
        const fits =
          response.statusCode < 500 &&
          (expected.status === undefined || response.statusCode === expected.status) &&
          !(expected.not ?? []).includes(response.statusCode);
        if (!fits)
          wrong.push(`${key} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)} (expected ${JSON.stringify(expected)})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('a route without an access rule', () => {
  it('stops the app from starting', async () => {
    const app = Fastify();
    installRouteAccess(app);
    expect(() => app.post('/api/v1/forgotten', async () => ({}))).toThrow(MissingAccessRule);
    await app.close();
  });
});

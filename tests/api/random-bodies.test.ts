import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowCounts } from './support/row-counts.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestApp } from './support/test-app.js';

const FIELDS = [
  'id',
  'resource',
  'amount',
  'from',
  'bank',
  'fileList',
  'email',
  'password',
  'password_confirmation',
  'token',
  'code',
  'appId',
  'currency',
  'options',
  'accept_account_name',
  'accept_swift',
  'student_last_name',
  'payer_relation',
  'status',
  'order_id',
  'payment_id',
  'amount_cny',
  'type',
  'note',
];

const writes = (t: TestApp) => rowCounts(t);

describe.each(ENGINES)('random JSON bodies to every route on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer] = t.users('payer');
  let orderId: string;

  beforeAll(async () => {
    orderId = (await t.post('/api/v1/step/amount/create', { resource: 996, amount: 5000 }, payer.token)).json().data.id;
  });

  it('never answers 5xx, and a refused body never writes', async () => {
    const routes = t.app.routeList.filter((route) => route.method === 'POST');
    expect(routes.length).toBeGreaterThanOrEqual(20);
    // Any UTF-16 text too: NUL, control characters and unpaired surrogates, which PostgreSQL cannot store.
    const awkward = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('\u0000', 'a\u0000b', '\ud800x', 'x\udfff', '\u001b[31m'),
    );
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      awkward,
      fc.constantFrom(orderId, '996', 996, '0996', '', null, -1, 1e308, '../../etc/passwd', '<script>'),
    );
    const pathValue = fc.oneof(fc.constant('x'), fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent), fc.constant('%00'));
    const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 2 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, fc.boolean(), pathValue, async (route, payload, signedIn, param) => {
        const before = await writes(t);
        const response = await t.app.inject({
          method: 'POST',
          url: route.url.replace(/:(\w+)/g, param || 'x'),
          headers: { 'content-type': 'application/json', ...(signedIn ? { authorization: `Bearer ${payer.token}` } : {}) },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, `${route.url} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
        // A body that happens to be valid (say, a new amount for the payer's draft) may write; a refused one never.
        if (response.statusCode >= 400) expect(await writes(t), `${route.url} ${JSON.stringify(payload)}`).toEqual(before);
      }),
      { numRuns: engine === 'pglite' ? 300 : 200 },
    );
  });
});

import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderInStatus, SAMPLE_FILES, switchUploadLink } from './support/fixtures.js';
import { rowCounts } from './support/row-counts.js';
import { partnerBody, postPartnerOrder } from './support/back-office.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const PAYER_UPLOAD = '/api/v1/step/order/upload';
const LINK_UPLOAD = '/api/v1/public/upload/upload';
const BOUNDARY = 'test-boundary';

/** The form field that names the order on each upload route, and its value. */
interface Route {
  readonly url: string;
  readonly key: string;
  readonly value: string;
  readonly token?: string;
}

/** The opening of a valid upload: the field naming the order, then a PDF file's headers. */
const validStart = (route: Route): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.key}"\r\n\r\n${route.value}\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;

/** Bodies busboy cannot read, each as a client (or a broken connection) might send it. */
const MALFORMED: readonly { readonly name: string; body(route: Route): { contentType: string; payload: Buffer } }[] = [
  { name: 'garbage under a boundary', body: () => ({ contentType: `multipart/form-data; boundary=x`, payload: Buffer.from('garbage') }) },
  {
    name: 'no boundary in the content type',
    body: (route) => ({ contentType: 'multipart/form-data', payload: Buffer.from(validStart(route)) }),
  },
  {
    name: 'a body that ends inside a file, without the closing boundary',
    body: (route) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: Buffer.concat([Buffer.from(validStart(route)), SAMPLE_FILES.pdf(64 * 1024)]),
    }),
  },
  {
    name: 'a body that ends inside a part header',
    body: (route) => ({ contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: Buffer.from(validStart(route).slice(0, -40)) }),
  },
  {
    name: 'a boundary longer than the parser takes',
    body: () => ({ contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: Buffer.from('garbage') }),
  },
];

interface LogLine {
  readonly level: number;
  readonly msg?: string;
}

const ERROR_LEVEL = 50;

describe.each(ENGINES)('malformed multipart uploads on %s', (engine) => {
  const log: LogLine[] = [];
  const stream = { write: (line: string) => void log.push(JSON.parse(line) as LogLine) };
  const t = appForSuite(engine, { app: { logger: { level: 'info', stream } } });
  const [payer, admin] = t.users('payer', 'admin');
  let routes: readonly Route[];

  beforeAll(async () => {
    const partnerOrderId = ((await postPartnerOrder(t, partnerBody('GIC-MULTIPART'))).json() as { data: { id: string } }).data.id;
    const orderId = await orderInStatus(t, payer, 2);
    const linkToken = await switchUploadLink(t, orderId, true);
    routes = [
      { url: PAYER_UPLOAD, key: 'id', value: orderId, token: payer.token },
      { url: LINK_UPLOAD, key: 'token', value: linkToken },
      { url: '/api/v1/manage/order/upload', key: 'id', value: orderId, token: admin.token },
      { url: '/api/v1/manage/gic/order/upload', key: 'id', value: partnerOrderId, token: admin.token },
    ];
  });

  it('covers every route that takes an upload', () => {
    const uploads = t.app.routeList.filter((route) => route.method === 'POST' && route.url.endsWith('/upload')).map((route) => route.url);
    expect(uploads.sort()).toEqual(routes.map((route) => route.url).sort());
  });

  for (const variant of MALFORMED) {
    it(`answers 400 to ${variant.name}, logs no error and leaves nothing behind`, async () => {
      for (const route of routes) {
        const before = await rowCounts(t);
        const logged = log.length;
        const { contentType, payload } = variant.body(route);
        const response = await t.app.inject({
          method: 'POST',
          url: route.url,
          payload,
          headers: { 'content-type': contentType, ...(route.token ? { authorization: `Bearer ${route.token}` } : {}) },
        });
        expect(response.statusCode, `${route.url}: ${response.body}`).toBe(400);
        expect(response.json()).toEqual({ status: 400, code: 'malformed_multipart', message: '上传内容格式不正确', errors: {} });
        const lines = log.slice(logged);
        // The logger is wired: the request itself was logged, only not as an error.
        expect(lines.length, route.url).toBeGreaterThan(0);
        expect(
          lines.filter((line) => line.level >= ERROR_LEVEL || line.msg === 'request failed'),
          route.url,
        ).toEqual([]);
        expect(await readdir(t.deps.config.uploadDir), route.url).toEqual([]);
        expect(await rowCounts(t), route.url).toEqual(before);
      }
    });
  }
});

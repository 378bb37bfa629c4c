import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/api/http/logger-options.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { dataOf, filePart, postMultipart, SAMPLE_FILES } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const PATIENT_ID = '110101199003071234';
const PAYER_ID = '440301198507155678';
const PASSPORT = 'E12345678';

/**
 * ID numbers and passport data never appear in the log, in a URL, a token or an error message: a
 * full journey (payer, admin, auditor, erasure) runs with the production logger at its most
 * verbose level, and nothing written or answered outside the order's own data holds them.
 */
describe.each(ENGINES)('personal data outside the order, on %s', (engine) => {
  const lines: string[] = [];
  const answers: { url: string; status: number; body: string }[] = [];
  const t = appForSuite(engine, { app: { logger: loggerOptions('trace', { write: (line) => void lines.push(line) }) } });
  const [payer, admin, auditor] = t.users('payer', 'admin', 'auditor');

  const call = async (url: string, body: unknown, token: string) => {
    const response = await t.post(url, body, token);
    answers.push({ url, status: response.statusCode, body: response.body });
    return response;
  };

  it('runs a whole journey and finds the ID numbers in no log line, URL, token or error', async () => {
    const id = dataOf<{ id: string }>(
      await call('/api/v1/step/amount/create', { resource: 1004, amount: '5000', from: 'test' }, payer.token),
      'create',
    ).id;
    dataOf(await call('/api/v1/step/accept/update', { id, ...ACCOUNT }, payer.token), 'accept');
    // A refused form names the field, not the value.
    const refused = await call(
      '/api/v1/step/send/update',
      { id, ...PAYER, payer_relation: '父母', payer_idcode: PAYER_ID.repeat(4), payer_last_name: '张', payer_first_name: '大山' },
      payer.token,
    );
    expect(refused.statusCode).toBe(422);
    dataOf(
      await call(
        '/api/v1/step/send/update',
        {
          id,
          ...PAYER,
          student_idcode: PATIENT_ID,
          payer_relation: '父母',
          payer_idcode: PAYER_ID,
          payer_last_name: '张',
          payer_first_name: '大山',
        },
        payer.token,
      ),
      'send',
    );
    dataOf(await call('/api/v1/step/check/update', { id }, payer.token), 'check');
    dataOf(await call('/api/v1/step/pay/update', { id, bank: 3 }, payer.token), 'pay');
    dataOf(
      await postMultipart(
        t,
        '/api/v1/step/order/upload',
        [{ name: 'id', value: id }, filePart(`passport-${PASSPORT}.pdf`, SAMPLE_FILES.pdf())],
        payer.token,
      ),
      'upload',
    );
    dataOf(await call('/api/v1/step/order/find', { id }, payer.token), 'find');
    dataOf(await call('/api/v1/manage/order/find', { id }, admin.token), 'manage find');
    dataOf(await call('/api/v1/manage/orders', { keyword: PATIENT_ID.slice(0, 6) }, admin.token), 'manage search');
    dataOf(await call('/api/v1/audit/order/history', { id }, auditor.token), 'history');
    dataOf(await call('/api/v1/audit/order/evidence', { id }, auditor.token), 'evidence');
    dataOf(await call('/api/v1/audit/verify', {}, admin.token), 'verify');
    t.clock.advance(1000);
    dataOf(await call('/api/v1/manage/eraseUser', { id: payer.id }, admin.token), 'erase');
    // The erased account's sessions end with it.
    expect((await call('/api/v1/step/order/find', { id }, payer.token)).statusCode).toBe(401);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of [PATIENT_ID, PAYER_ID, PASSPORT]) {
      expect(log).not.toContain(secret);
      for (const answer of answers.filter((candidate) => candidate.status >= 400)) expect(answer.body, answer.url).not.toContain(secret);
      for (const token of [payer.token, admin.token, auditor.token])
        expect(Buffer.from(token.split('.')[1]!, 'base64url').toString()).not.toContain(secret);
    }
    // Nothing personal is ever in a URL the service makes: uploads and files are named by random ids.
    const urls = answers.flatMap((answer) => answer.body.match(/\/api\/v1\/[^"\s]*/g) ?? []);
    for (const url of urls) for (const secret of [PATIENT_ID, PAYER_ID, PASSPORT]) expect(url).not.toContain(secret);
  });
});

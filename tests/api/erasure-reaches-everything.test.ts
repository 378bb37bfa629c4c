import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { JsonObject } from '../../eventstore/port.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../src/api/auth/mail-transport.js';
import { loggerOptions } from '../../src/api/http/logger-options.js';
import { checkPack } from '../../src/api/audit/pack-check.js';
import { signatureHeader } from '../../src/api/payments/signature.js';
import { EVENT_SCHEMA_VERSION, orderStreamId, type AuditVerifyReport, type FileEntry } from '../../src/domain/index.js';
import { rebuildOrderProjection } from '../../src/projections/projection-runner.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { dataOf, filePart, postMultipart, SAMPLE_FILES, switchUploadLink } from './support/fixtures.js';
import { ENGINES, startTestApp, type TestApp, type TestUser } from './support/test-app.js';

/** Everything that names the payer and their patient, as they typed, uploaded or were written about. */
const PERSON = {
  firstName: '思光',
  payerFirstName: '大光',
  fullName: '李思光',
  pinyin: 'SIGUANG',
  idNumber: '11010119850505123X',
  payerIdNumber: '440301198507155678',
  phone: '13912345678',
  patientEmail: 'li.siguang.patient@example.cn',
  reference: 'TUITION LI SIGUANG 11010119850505123X',
  remittance: 'Hospital stay of Li Siguang',
  pdfName: 'passport-li-siguang-scan.pdf',
  pngName: 'xray-lisiguang-chest.png',
  pdfText: 'PASSPORT E55501234 LI SIGUANG BORN 1985',
  pngText: 'XRAY-PATIENT-LISIGUANG-0505',
  bankNote: 'Please send the discharge letter of LI SIGUANG',
  webhookText: 'Siguang Li discharge',
} as const;

/** A PDF and a PNG as a phone would send them: the right first bytes, then their content. */
const pdf = Buffer.concat([SAMPLE_FILES.pdf(64), Buffer.from(`\n(${PERSON.pdfText})\n%%EOF\n`)]);
const png = Buffer.concat([SAMPLE_FILES.png(8), Buffer.from(`\x00\x00\x00\x20tEXtComment\x00${PERSON.pngText}`, 'latin1')]);

/** Every file under a folder, with its bytes. */
async function filesUnder(dir: string): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return { file, text: (await readFile(file)).toString('latin1') + (await readFile(file, 'utf8')) };
      }),
  );
}

/**
 * A payer's full journey (references naming them, uploads, a bank that names them, a failed
 * login, a password reset mail), then their erasure: afterwards no table of the database (every
 * column as text, the event log's data and metadata included), no file under the upload folder
 * or the outbox and no log line holds anything of theirs, and the store still verifies, its
 * files erased rather than missing.
 */
describe.each(ENGINES)('erasure that reaches everything, on %s', (engine) => {
  let t: TestApp;
  let payer: TestUser;
  let admin: TestUser;
  const lines: string[] = [];
  const outbox = { dir: '' };

  beforeAll(async () => {
    t = await startTestApp(engine, {
      app: { logger: loggerOptions('trace', { write: (line) => void lines.push(line) }) },
      // The development mailer, writing files into the configured outbox, as the demo does.
      mailer: { send: (mail) => createMailer({ smtpUrl: undefined, from: 'noreply@example.com', outboxDir: outbox.dir }).send(mail) },
    });
    outbox.dir = t.deps.config.mail.outboxDir;
    payer = await t.createUser({ email: 'li.siguang.payer@example.cn', password: 'a-long-secret-123' });
    admin = await t.createUser({ group: 1 });
  });
  afterAll(async () => t?.close());

  const webhook = (kind: 'payments' | 'bank', body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${kind}`,
      headers: { 'content-type': 'application/json', 'x-signature': signatureHeader(t.deps.webhookSecret, raw, t.clock.now()) },
      payload: raw,
    });
  };

  /** Where in the database a value is still found: `table` for every table whose rows, as text, hold it. */
  async function tablesHolding(value: string): Promise<string[]> {
    const { rows } = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(t.deps.db);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['es_events', 'orders', 'users', 'webhook_receipts', 'rate_limits', 'stored_files']),
    );
    const found: string[] = [];
    for (const { schema, name } of rows) {
      const table = sql.table(`${schema}.${name}`);
      const hits = await sql<{
        n: number;
      }>`select count(*)::int as n from ${table} as t where strpos(lower(t::text), lower(${value})) > 0`.execute(t.deps.db);
      if (Number(hits.rows[0]!.n) > 0) found.push(`${schema}.${name}`);
    }
    return found;
  }

  it('leaves nothing of the person after their erasure, and the store still verifies with their files erased', async () => {
    const id = dataOf<{ id: string }>(
      await t.post('/api/v1/step/amount/create', { resource: 1004, amount: '5000', from: 'test' }, payer.token),
      'create',
    ).id;
    dataOf(
      await t.post(
        '/api/v1/step/accept/update',
        { id, ...ACCOUNT, accept_reference: PERSON.reference, accept_remittance: PERSON.remittance },
        payer.token,
      ),
      'accept',
    );
    const details = {
      ...PAYER,
      student_last_name: '李',
      student_first_name: PERSON.firstName,
      student_last_name_pinyin: 'LI',
      student_first_name_pinyin: PERSON.pinyin,
      student_email: PERSON.patientEmail,
      student_idcode: PERSON.idNumber,
      payer_relation: '父母',
      payer_last_name: '李',
      payer_first_name: PERSON.payerFirstName,
      payer_phone: PERSON.phone,
      payer_idcode: PERSON.payerIdNumber,
      accept_reference: PERSON.reference,
      accept_remittance: PERSON.remittance,
    };
    dataOf(await t.post('/api/v1/step/send/update', { id, ...details }, payer.token), 'send');
    dataOf(await t.post('/api/v1/step/check/update', { id }, payer.token), 'check');
    dataOf(await t.post('/api/v1/step/pay/update', { id, bank: 3 }, payer.token), 'pay');
    const uploaded = dataOf<{ files: FileEntry[] }>(
      await postMultipart(
        t,
        '/api/v1/step/order/upload',
        [{ name: 'id', value: id }, filePart(PERSON.pdfName, pdf), filePart(PERSON.pngName, png)],
        payer.token,
      ),
      'upload',
    ).files;
    expect(uploaded.map((file) => file.name)).toEqual([PERSON.pdfName, PERSON.pngName]);
    dataOf(await t.post('/api/v1/step/order/updateFile', { id, fileList: uploaded }, payer.token), 'updateFile');
    expect((await filesUnder(t.deps.config.uploadDir)).filter(({ text }) => text.includes(PERSON.pdfText))).toHaveLength(1);

    const order = dataOf<{ cny_amount: string }>(await t.post('/api/v1/step/order/find', { id }, payer.token), 'find');
    const paid = await webhook('payments', {
      id: 'wh-erase-1',
      type: 'payment.succeeded',
      order_id: id,
      payment_id: 'pay-erase-1',
      amount_cny: order.cny_amount,
      memo: PERSON.webhookText,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const asked = await webhook('bank', { id: 'bank-erase-1', type: 'materials.requested', order_id: id, note: PERSON.bankNote });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.status).toBe(13);
    dataOf(await t.post('/api/v1/step/order/finishUpload', { id }, payer.token), 'finishUpload');

    const failed = await t.post('/api/v1/auth/login', { email: payer.email, password: 'not-the-password', RememberMe: true });
    expect(failed.json()).toMatchObject({ code: 'wrong_credentials' });
    expect((await t.post('/api/v1/auth/forgot-password', { email: payer.email })).statusCode).toBe(200);
    // The mail is sent after the answer (its time must not tell whether the address exists).
    await vi.waitFor(async () => expect((await filesUnder(outbox.dir)).some(({ text }) => text.includes(payer.email))).toBe(true));
    // The notifier has mailed the bank's note and has nothing left in flight: a mail handed over before
    // the erasure is sent (as a mail server would have it), and the erasure must find and purge it.
    await vi.waitFor(
      async () => {
        expect((await filesUnder(outbox.dir)).some(({ text }) => text.includes(PERSON.pinyin))).toBe(true);
        const inFlight = await t.deps.db
          .selectFrom('notification_deliveries')
          .select('id')
          .where('user_id', '=', payer.id)
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute();
        expect(inFlight).toEqual([]);
      },
      { timeout: 20_000, interval: 200 },
    );
    // Before the erasure the person is where the service needs them.
    expect(await tablesHolding(PERSON.reference)).toContain('public.orders');
    expect(await tablesHolding(payer.email)).toEqual(expect.arrayContaining(['public.users', 'public.rate_limits']));
    // The events and the webhook receipts hold every one of these sealed only.
    for (const value of [
      PERSON.reference,
      PERSON.pdfName,
      PERSON.pngName,
      PERSON.bankNote,
      PERSON.remittance,
      PERSON.webhookText,
      PERSON.idNumber,
    ]) {
      expect(await tablesHolding(value), value).not.toContain('public.es_events');
      expect(await tablesHolding(value), value).not.toContain('public.webhook_receipts');
    }

    // An upload link handed to a relative, still on when the payer is erased.
    const link = await switchUploadLink(t, id, true);

    t.clock.advance(1000);
    dataOf(await t.post('/api/v1/manage/eraseUser', { id: payer.id }, admin.token), 'erase');

    // The link's token is sealed under the person's key: it died with the erasure, and what it
    // brings afterwards is refused, its bytes not kept.
    const late = await postMultipart(t, '/api/v1/public/upload/upload', [
      { name: 'token', value: link },
      filePart(`late-${PERSON.pdfName}`, pdf),
    ]);
    expect(late.statusCode, late.body).toBe(404);
    expect(late.json()).toMatchObject({ code: 'upload_link_inactive' });

    // The bank writing about them again is answered, and its body is not kept.
    const again = await webhook('bank', {
      id: 'bank-erase-2',
      type: 'materials.requested',
      order_id: id,
      note: `${PERSON.bankNote} ${PERSON.idNumber}`,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json(), again.body).toMatchObject({ code: 'personal_data_erased' });

    const values = [...Object.values(PERSON), payer.email];
    const stored = [...(await filesUnder(t.deps.config.uploadDir)), ...(await filesUnder(outbox.dir))];
    const log = lines.join('');
    for (const value of values) {
      expect(await tablesHolding(value), value).toEqual([]);
      expect(
        stored.filter(({ text }) => text.toLowerCase().includes(value.toLowerCase())).map(({ file }) => file),
        value,
      ).toEqual([]);
      expect(log.toLowerCase().includes(value.toLowerCase()), `log holds ${value}`).toBe(false);
    }
    // The order keeps every status and amount; its personal fields read erased.
    const erased = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(erased).toMatchObject({
      status: 4,
      cny_amount: order.cny_amount,
      student_last_name: '[erased]',
      accept_reference: '[erased]',
      accept_remittance: '[erased]',
    });
    expect(erased.jsfile.map((file) => file.name)).toEqual(['[erased]', '[erased]']);

    const report = dataOf<AuditVerifyReport>(await t.post('/api/v1/audit/verify', {}, admin.token), 'verify');
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, files_erased: 2 });
    const history = dataOf<{ verification: { files: { checked: number; problems: unknown[]; erased: string[] } } }>(
      await t.post('/api/v1/audit/order/history', { id }, admin.token),
      'history',
    );
    expect(history.verification.files).toEqual({
      checked: 0,
      problems: [],
      erased: expect.arrayContaining(uploaded.map((file) => file.uid)),
    });
    const pack = dataOf(await t.post('/api/v1/audit/order/evidence', { id }, admin.token), 'evidence');
    const checked = checkPack(pack);
    expect(checked.problems).toEqual([]);
    expect(checked.notes.filter((note) => note.includes('erased'))).toHaveLength(2);
    // Nor does any answer about the order: the history, the order as of each revision, the admin's view.
    const asOf = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((revision) => t.post('/api/v1/audit/order/asOf', { id, revision: String(revision) }, admin.token)),
    );
    expect(asOf.filter((answer) => answer.statusCode === 200).length, asOf[0]!.body).toBeGreaterThan(5);
    const answers = [
      pack,
      history,
      ...asOf.map((answer) => answer.body),
      (await t.post('/api/v1/step/order/find', { id }, admin.token)).body,
    ];
    for (const value of values)
      for (const answer of answers) expect(JSON.stringify(answer).toLowerCase(), value).not.toContain(value.toLowerCase());
  });

  it('blanks in the read tables, also after a rebuild, the free text that events stored before it was sealed still hold', async () => {
    const user = await t.createUser();
    const id = dataOf<{ id: string }>(
      await t.post('/api/v1/step/amount/create', { resource: 1004, amount: '5000', from: 'test' }, user.token),
      'create',
    ).id;
    const stream = orderStreamId(id);
    const head = (await t.deps.storedEvents.readStream(stream)).at(-1)!.revision;
    const meta = () => ({
      event_id: randomUUID(),
      actor: { id: String(user.id), role: 'payer' },
      occurred_at: t.clock.now().toISOString(),
      correlation_id: 'legacy',
      causation_id: 'legacy',
      schema_version: EVENT_SCHEMA_VERSION,
    });
    const file = { uid: randomUUID(), name: 'legacy-wang-wu-passport.pdf', status: 'done', url: '/api/v1/files/legacy' };
    // As a server before this change stored them: the reference and the file name in the clear.
    const legacy = (
      [
        { type: 'RecipientAccountSaved', data: { account: { ...ACCOUNT, accept_reference: 'LEGACY WANG WU 110101199001011234' } } },
        {
          type: 'FileUploaded',
          data: { file: { uid: file.uid, name: file.name, size: 10, content_type: 'application/pdf', url: file.url } },
        },
        { type: 'FilesUpdated', data: { files: [file] } },
      ] as { type: string; data: JsonObject }[]
    ).map((event) => ({ id: randomUUID(), ...event, metadata: meta() }));
    const { nextExpectedRevision } = await t.deps.storedEvents.append(stream, legacy, head);
    await t.deps.projections.waitFor(id, nextExpectedRevision);
    const row = () =>
      t.deps.db.selectFrom('orders').select(['accept_reference', 'jsfile', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ accept_reference: 'LEGACY WANG WU 110101199001011234', jsfile: [file] });

    dataOf(await t.post('/api/v1/manage/eraseUser', { id: user.id }, admin.token), 'erase');
    const expectErased = async () => {
      const erased = await row();
      expect(erased.accept_reference).toBe('[erased]');
      expect(erased.jsfile).toEqual([{ ...file, name: '[erased]' }]);
      expect(JSON.stringify(erased.state)).not.toMatch(/WANG WU|wang-wu/i);
      const report = dataOf<AuditVerifyReport>(await t.post('/api/v1/audit/verify', {}, admin.token), 'verify');
      expect(report.problems).toEqual([]);
    };
    await expectErased();
    // The hash-chained log is not rewritten: those events keep what they hold (docs/security.md).
    expect(JSON.stringify((await t.deps.storedEvents.readStream(stream)).map((event) => event.data))).toContain('LEGACY WANG WU');

    await t.runtime.deps.projections.stop();
    await rebuildOrderProjection(t.deps.db, t.deps.eventStore);
    await t.runtime.deps.projections.start();
    await expectErased();
  });
});

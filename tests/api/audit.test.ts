import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPack, type EvidencePack } from '../../src/api/audit/pack-check.js';
import { ERASED, type AuditOrderAsOf, type AuditOrderHistory, type AuditVerifyReport } from '../../src/domain/index.js';
import { MARKUPS } from '../domain/support.js';
import { approveProposal } from './support/back-office.js';
import { dataOf, filePart, orderInStatus, postMultipart, SAMPLE_FILES } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const A = '/api/v1/audit';
const ID_NUMBER = '110101199003071234';

describe.each(ENGINES)('the audit trail on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, auditor, warehouse, payer] = t.users('admin', 'auditor', 'warehouse', 'payer');
  let order: string;

  const history = async (id: string, user = admin) =>
    dataOf<AuditOrderHistory>(await t.post(`${A}/order/history`, { id }, user.token), 'order/history');
  const verify = async () => dataOf<AuditVerifyReport>(await t.post(`${A}/verify`, {}, admin.token), 'verify');
  const storedRow = (id: string, revision: number) =>
    t.deps.db
      .selectFrom('es_events')
      .select(['position', 'data', 'metadata'])
      .where('stream_id', '=', `order-${id}`)
      .where('stream_revision', '=', String(revision))
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    order = await orderInStatus(t, payer, 2);
    dataOf(
      await postMultipart(
        t,
        '/api/v1/step/order/upload',
        [{ name: 'id', value: order }, filePart('passport.pdf', SAMPLE_FILES.pdf(512))],
        payer.token,
      ),
      'upload',
    );
  });

  it('lets admins and auditors read the trail, admins alone sign and verify; everyone else gets 401 or 403', async () => {
    const reads: [string, unknown][] = [
      ['/order/history', { id: order }],
      ['/order/asOf', { id: order, revision: '0' }],
      ['/order/evidence', { id: order }],
      ['/settings/history', { stream: 'notice' }],
    ];
    for (const [url, body] of reads) {
      expect((await t.post(A + url, body)).statusCode).toBe(401);
      for (const user of [payer, warehouse]) expect((await t.post(A + url, body, user.token)).statusCode).toBe(403);
    }
    await t.post(`/api/v1/manage/config/updateNotice`, { notice: 'Audit notice' }, admin.token);
    for (const [url, body] of reads)
      for (const user of [auditor, admin]) expect((await t.post(A + url, body, user.token)).statusCode, url).toBe(200);
    for (const url of ['/checkpoint', '/verify']) {
      expect((await t.post(A + url, {}, auditor.token)).statusCode).toBe(403);
      expect((await t.post(A + url, {}, admin.token)).statusCode).toBe(200);
    }
  });

  it('keeps personal fields sealed in the log and shows them to admins only, masked for auditors', async () => {
    const raw = await t.deps.db
      .selectFrom('es_events')
      .select(sql<string>`data::text`.as('text'))
      .execute();
    expect(raw.some((row) => row.text.includes(ID_NUMBER))).toBe(false);
    expect(raw.some((row) => row.text.includes('pii1:user-'))).toBe(true);
    const seenByAdmin = (await history(order)).events.flatMap((event) => event.changes);
    expect(seenByAdmin).toContainEqual({ field: 'payer.student_idcode', before: null, after: ID_NUMBER });
    const seenByAuditor = (await history(order, auditor)).events.flatMap((event) => event.changes);
    expect(seenByAuditor).toContainEqual({ field: 'payer.student_idcode', before: null, after: '•••' });
    expect(JSON.stringify(seenByAuditor)).not.toContain(ID_NUMBER);
  });

  it('gives every event with actor, time, statuses and hash, and replays the order as of any revision or instant', async () => {
    const { events, verification } = await history(order);
    expect(events.map((event) => event.type)).toEqual([
      'OrderCreated',
      'RecipientAccountSaved',
      'PayerDetailsSaved',
      'OrderConfirmed',
      'PaymentMethodChosen',
      'FileUploaded',
    ]);
    expect(events[0]).toMatchObject({
      revision: '0',
      actor: { id: String(payer.id), role: 'payer' },
      status_before: null,
      status_after: 0,
    });
    expect(events[3]).toMatchObject({ status_before: 0, status_after: 1 });
    expect(events.every((event) => /^[0-9a-f]{64}$/.test(event.hash ?? ''))).toBe(true);
    expect(verification).toMatchObject({
      chain: { intact: true, broken_at: null },
      projection: { matches: true },
      files: { checked: 1, problems: [] },
    });

    const asOf = async (body: object) =>
      dataOf<AuditOrderAsOf>(await t.post(`${A}/order/asOf`, { id: order, ...body }, admin.token), 'asOf');
    const draft = await asOf({ revision: '2' });
    expect(draft.order.status).toBe(0);
    expect(draft.display).toMatchObject({ segment: 1, colour: 'green' });
    expect(draft.offered.map((offer) => offer.type)).toContain('OrderConfirmed');
    const confirmed = await asOf({ revision: '3' });
    expect(await asOf({ revision: 3 })).toEqual(confirmed);
    for (const revision of [-1, 1.5, '1.5', 'three'])
      expect((await t.post(`${A}/order/asOf`, { id: order, revision }, admin.token)).statusCode, String(revision)).toBe(422);
    expect(confirmed.order).toMatchObject({ status: 1, cny_amount: expect.any(String) });
    expect((await asOf({ at: events[3]!.occurred_at })).revision).toBe(
      events.filter((event) => event.occurred_at <= events[3]!.occurred_at).at(-1)!.revision,
    );
    expect((await t.post(`${A}/order/asOf`, { id: order, revision: '99' }, admin.token)).json()).toMatchObject({
      code: 'audit_point_not_found',
    });
    expect((await t.post(`${A}/order/asOf`, { id: order, at: '2000-01-01T00:00:00Z' }, admin.token)).statusCode).toBe(404);
    expect((await t.post(`${A}/order/asOf`, { id: order }, admin.token)).statusCode).toBe(422);
  });

  it('finds an order by the number people read as well as by its id; a number no order has, or a row that lies about it, finds nothing', async () => {
    const { order_no } = await t.deps.db.selectFrom('orders').select('order_no').where('id', '=', order).executeTakeFirstOrThrow();
    const byNumber = dataOf<{ id: string; events: unknown[] }>(
      await t.post(`${A}/order/history`, { id: order_no }, auditor.token),
      'history',
    );
    expect(byNumber.id).toBe(order);
    expect(byNumber.events).toEqual((await history(order, auditor)).events);
    const lowerCase = await t.post(`${A}/order/asOf`, { id: order_no.toLowerCase(), revision: 0 }, auditor.token);
    expect(lowerCase.statusCode, lowerCase.body).toBe(200);
    expect((await t.post(`${A}/order/history`, { id: '20000101-999999' }, auditor.token)).json()).toMatchObject({
      code: 'order_not_found',
    });

    const other = await orderInStatus(t, payer, 0);
    const { order_no: otherNo } = await t.deps.db.selectFrom('orders').select('order_no').where('id', '=', other).executeTakeFirstOrThrow();
    await t.deps.db.updateTable('orders').set({ order_no: 'X' }).where('id', '=', other).execute();
    await t.deps.db.updateTable('orders').set({ order_no: otherNo }).where('id', '=', order).execute();
    try {
      expect((await t.post(`${A}/order/history`, { id: otherNo }, auditor.token)).json()).toMatchObject({ code: 'order_not_found' });
    } finally {
      await t.deps.db.updateTable('orders').set({ order_no }).where('id', '=', order).execute();
      await t.deps.db.updateTable('orders').set({ order_no: otherNo }).where('id', '=', other).execute();
    }
  });

  it('tells which markup was in force: the settings streams have their history too', async () => {
    const approver = await t.createUser({ group: 1 });
    const proposal = await t.post('/api/v1/manage/config/updateBit', { ...MARKUPS, bit_usd: '0.02', bit_eur: '0.03' }, admin.token);
    await approveProposal(t, approver, proposal);
    const markups = dataOf<{ events: AuditOrderHistory['events'] }>(
      await t.post(`${A}/settings/history`, { stream: 'markups' }, auditor.token),
      'settings',
    );
    // The seeded markups are the stream's first event, so the first change shows what it replaced.
    expect(markups.events[0]).toMatchObject({ type: 'MarkupsChanged', actor: { id: 'seed', role: 'system' } });
    expect(markups.events.at(-1)).toMatchObject({ type: 'MarkupsChanged', actor: { id: String(approver.id) } });
    expect(markups.events.at(-1)!.changes).toContainEqual({ field: 'bit_eur', before: '0.01', after: '0.03' });
    const charite = dataOf<{ events: AuditOrderHistory['events'] }>(
      await t.post(`${A}/settings/history`, { stream: 'resource', id: 996 }, auditor.token),
      'charite',
    );
    expect(charite.events[0]).toMatchObject({ type: 'InstitutionRegistered', actor: { id: 'seed' } });
    expect((await t.post(`${A}/settings/history`, { stream: 'resource' }, auditor.token)).statusCode).toBe(422);
    expect((await t.post(`${A}/settings/history`, { stream: 'resource', id: 999999 }, auditor.token)).json()).toMatchObject({
      code: 'audit_stream_not_found',
    });
  });

  it('verifies the whole store, signs checkpoints to the log and a file, and gives an evidence pack that checks offline', async () => {
    const first = await verify();
    expect(first).toMatchObject({ ok: true, problems: [], unchained: 0 });
    expect(first.orders).toBeGreaterThanOrEqual(1);
    const checkpoint = dataOf<{ sequence: number; root: string; file: string }>(
      await t.post(`${A}/checkpoint`, {}, admin.token),
      'checkpoint',
    );
    expect(await readdir(path.join(t.dataDir, 'audit', 'checkpoints'))).toContain(checkpoint.file);
    expect(await verify()).toMatchObject({ ok: true, checkpoint: { sequence: checkpoint.sequence, signature_valid: true } });

    const pack = dataOf<EvidencePack>(await t.post(`${A}/order/evidence`, { id: order }, auditor.token), 'evidence');
    expect(checkPack(pack, t.deps.auditSigner.publicKeyPem)).toMatchObject({ ok: true, problems: [] });
    expect(pack.files).toHaveLength(1);
    const rewritten = structuredClone(pack);
    (rewritten.events[0]!.data as { amount: string }).amount = '1';
    expect(checkPack(rewritten).problems).toContainEqual(expect.stringContaining(`order-${order} revision 0: its hash does not match`));
    const cut = { ...structuredClone(pack), events: pack.events.slice(0, -1) };
    expect(checkPack(cut).problems).toContainEqual(expect.stringContaining('which the pack does not hold'));
  });

  it('finds a rewritten byte, a deleted tail and a changed file, naming stream, revision and field', async () => {
    await t.post(`${A}/checkpoint`, {}, admin.token);
    const row = await storedRow(order, 1);
    await sql`update es_events set data = jsonb_set(data, '{account,accept_bank}', '"Evil Bank"') where position = ${row.position}`.execute(
      t.deps.db,
    );
    const rewritten = await verify();
    expect(rewritten.ok).toBe(false);
    expect(rewritten.problems).toContainEqual({ stream: `order-${order}`, revision: '1', field: 'hash', problem: 'hash_mismatch' });
    expect((await history(order)).verification.chain).toMatchObject({ intact: false, broken_at: '1', problem: 'hash_mismatch' });
    await sql`update es_events set data = ${JSON.stringify(row.data)}::jsonb where position = ${row.position}`.execute(t.deps.db);
    expect((await verify()).ok).toBe(true);

    const last = await t.deps.db
      .selectFrom('es_events')
      .selectAll()
      .where('stream_id', '=', `order-${order}`)
      .orderBy('stream_revision', 'desc')
      .executeTakeFirstOrThrow();
    await sql`delete from es_events where position = ${last.position}`.execute(t.deps.db);
    const cut = await verify();
    expect(cut.problems).toContainEqual({
      stream: `order-${order}`,
      revision: last.stream_revision,
      field: 'event',
      problem: 'missing_since_checkpoint',
    });
    await sql`insert into es_events (transaction_id, position, stream_id, stream_revision, event_id, event_type, data, metadata) values (${last.transaction_id}, ${last.position}, ${last.stream_id}, ${last.stream_revision}, ${last.event_id}, ${last.event_type}, ${JSON.stringify(last.data)}::jsonb, ${JSON.stringify(last.metadata)}::jsonb)`.execute(
      t.deps.db,
    );
    expect((await verify()).ok).toBe(true);

    const stored = await t.deps.db
      .selectFrom('stored_files')
      .select('storage_name')
      .where('order_id', '=', order)
      .executeTakeFirstOrThrow();
    await writeFile(path.join(t.deps.config.uploadDir, stored.storage_name), SAMPLE_FILES.pdf(600));
    const changed = await verify();
    expect(changed.problems).toContainEqual(expect.objectContaining({ stream: `order-${order}`, problem: 'file_hash_differs' }));
    await writeFile(path.join(t.deps.config.uploadDir, stored.storage_name), SAMPLE_FILES.pdf(512));
  });

  it('finds a read row that differs from the replay', async () => {
    await sql`update orders set status = 6 where id = ${order}`.execute(t.deps.db);
    expect((await verify()).problems).toContainEqual({
      stream: `order-${order}`,
      revision: expect.any(String),
      field: 'status',
      problem: 'read_row_differs',
    });
    expect((await history(order)).verification.projection).toEqual({ matches: false, fields: ['status'] });
    await sql`update orders set status = 2 where id = ${order}`.execute(t.deps.db);
  });

  it('erases a payer: personal fields read as erased everywhere, statuses and amounts stay, the chains still verify', async () => {
    const before = await t.deps.db
      .selectFrom('orders')
      .select(['status', 'amount', 'cny_amount'])
      .where('id', '=', order)
      .executeTakeFirstOrThrow();
    const logBefore = await t.deps.db.selectFrom('es_events').select(['data', 'metadata']).orderBy('position').execute();
    expect((await t.post('/api/v1/manage/eraseUser', { id: payer.id }, auditor.token)).statusCode).toBe(403);
    expect((await t.post('/api/v1/manage/eraseUser', { id: admin.id }, admin.token)).json()).toMatchObject({ code: 'erase_refused' });
    expect((await t.post('/api/v1/manage/eraseUser', { id: 987654 }, admin.token)).json()).toMatchObject({ code: 'user_not_found' });
    dataOf(await t.post('/api/v1/manage/eraseUser', { id: payer.id }, admin.token), 'eraseUser');

    const row = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', order).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...before, student_idcode: ERASED, student_last_name: ERASED, payer_phone: ERASED });
    expect(JSON.stringify(row.state)).not.toContain(ID_NUMBER);
    const user = await t.deps.db
      .selectFrom('users')
      .select(['email', 'name', 'password_hash'])
      .where('id', '=', payer.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email: null, name: ERASED, password_hash: null });
    const changes = (await history(order)).events.flatMap((event) => event.changes);
    expect(changes).toContainEqual({ field: 'payer.student_idcode', before: null, after: ERASED });
    expect((await history(order)).verification).toMatchObject({ chain: { intact: true }, projection: { matches: true } });
    expect(await verify()).toMatchObject({ ok: true, problems: [] });
    const logAfter = await t.deps.db
      .selectFrom('es_events')
      .select(['data', 'metadata'])
      .orderBy('position')
      .limit(logBefore.length)
      .execute();
    expect(logAfter).toEqual(logBefore);
    const pack = dataOf<EvidencePack>(await t.post(`${A}/order/evidence`, { id: order }, admin.token), 'evidence');
    expect(checkPack(pack).ok).toBe(true);
    // Erasing again changes nothing and records nothing twice.
    dataOf(await t.post('/api/v1/manage/eraseUser', { id: payer.id }, admin.token), 'eraseUser again');
    const erasures = await t.deps.db.selectFrom('es_events').select('event_id').where('event_type', '=', 'PersonalDataErased').execute();
    expect(erasures).toHaveLength(1);
  });
});

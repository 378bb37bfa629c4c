import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOrderCommand } from '../../src/api/orders/order-commands.js';
import type { Actor } from '../../src/domain/index.js';
import { paidOrder } from './support/back-office.js';
import { dataOf, orderInStatus } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestUser } from './support/test-app.js';

const ADMIN: Actor = { id: 'admin', role: 'admin' };
const PDF = '/api/v1/step/order/receipt.pdf';
const PUBLIC = '/api/v1/public/receipts';

interface Embedded {
  figures: string;
  signature: string;
  key_id: string;
}

/** The signed JSON the PDF carries as its attachment receipt.json (poppler's pdfdetach reads it). */
function embeddedIn(pdf: Buffer): Embedded {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
  writeFileSync(path.join(dir, 'r.pdf'), pdf);
  execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'receipt.json'), path.join(dir, 'r.pdf')]);
  return JSON.parse(readFileSync(path.join(dir, 'receipt.json'), 'utf8')) as Embedded;
}

describe.each(ENGINES)('receipts on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, other, admin, auditor, warehouse] = t.users('payer', 'payer', 'admin', 'auditor', 'warehouse');

  const download = (id: string, user: TestUser, language = 'zh-CN') =>
    t.app.inject({
      method: 'GET',
      url: `${PDF}?id=${id}`,
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': language },
    });
  const check = async (receiptNo: string) =>
    dataOf<{ authentic: boolean; receipt: Record<string, unknown> | null }>(
      await t.app.inject({ method: 'GET', url: `${PUBLIC}/${encodeURIComponent(receiptNo)}` }),
      'receipt check',
    );
  const verify = async (body: { figures: string; signature: string }) =>
    dataOf<{ authentic: boolean }>(await t.post(`${PUBLIC}/verify`, body), 'receipt verify');

  let paid = '';
  let first: Embedded;

  it('refuses a receipt before money is received (409), and hides the order from other payers and warehouse staff (404)', async () => {
    const unpaid = await orderInStatus(t, payer, 2);
    const refused = await download(unpaid, payer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'no_money_received' });
    paid = await paidOrder(t, payer);
    expect((await download(paid, other)).statusCode).toBe(404);
    expect((await download(paid, warehouse)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${PDF}?id=${paid}` })).statusCode).toBe(401);
  });

  it('gives the owner a PDF; downloading the same state again gives the same receipt number', async () => {
    const answer = await download(paid, payer);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/pdf');
    first = embeddedIn(answer.rawPayload);
    const again = embeddedIn((await download(paid, admin)).rawPayload);
    expect(JSON.parse(again.figures).receipt_no).toBe(JSON.parse(first.figures).receipt_no);
    expect(JSON.parse(first.figures)).toMatchObject({ status: 4, currency: 'EUR', remitted_at: null, institution: '慕尼黑工业大学' });
  });

  it('the public check: authentic with the figures and initials only; an unknown number is not ours', async () => {
    const receiptNo = JSON.parse(first.figures).receipt_no as string;
    const found = await check(receiptNo);
    expect(found.authentic).toBe(true);
    expect(found.receipt).toMatchObject({ receipt_no: receiptNo, order_no: expect.any(String) });
    const row = await t.deps.db
      .selectFrom('orders')
      .select(['payer_last_name', 'payer_first_name'])
      .where('id', '=', paid)
      .executeTakeFirstOrThrow();
    const json = JSON.stringify(found);
    for (const part of [row.payer_last_name, row.payer_first_name].filter(Boolean)) expect(json).not.toContain(part);
    expect(found.receipt!['payer_initials']).toMatch(/^([A-Z]\. ?)*$/);
    expect(await check('R20260101-NOTOURS1')).toMatchObject({ authentic: false, receipt: null });
  });

  it('verifies the JSON embedded in the PDF; one changed figure fails', async () => {
    expect((await verify(first)).authentic).toBe(true);
    const figures = JSON.parse(first.figures) as Record<string, unknown>;
    const tampered = first.figures.replace(`"cny_received":"${String(figures['cny_received'])}"`, '"cny_received":"1.00"');
    expect(tampered).not.toBe(first.figures);
    expect((await verify({ figures: tampered, signature: first.signature })).authentic).toBe(false);
    expect((await verify({ figures: first.figures, signature: 'AAAA' })).authentic).toBe(false);
  });

  it('a later state (7, remitted) issues a new receipt with the remittance date', async () => {
    await runOrderCommand(t.deps, paid, { type: 'setStatus', status: 5 }, ADMIN);
    await runOrderCommand(t.deps, paid, { type: 'setStatus', status: 7 }, ADMIN);
    const later = embeddedIn((await download(paid, payer)).rawPayload);
    const figures = JSON.parse(later.figures) as Record<string, unknown>;
    expect(figures['receipt_no']).not.toBe(JSON.parse(first.figures).receipt_no);
    expect(figures).toMatchObject({ status: 7, remitted_at: expect.any(String) });
    expect((await check(String(figures['receipt_no']))).authentic).toBe(true);
    // The first receipt stays authentic: it is what was true when it was issued.
    expect((await check(JSON.parse(first.figures).receipt_no as string)).authentic).toBe(true);
  });

  it("prints the payer's name for the owner and admins, initials for an auditor", async () => {
    const row = await t.deps.db
      .selectFrom('orders')
      .select(['payer_last_name', 'payer_first_name', 'student_last_name', 'student_first_name'])
      .where('id', '=', paid)
      .executeTakeFirstOrThrow();
    const fullName = `${row.payer_last_name}${row.payer_first_name}`;
    expect(fullName).not.toBe('');
    const text = async (user: TestUser) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
      writeFileSync(path.join(dir, 'r.pdf'), (await download(paid, user)).rawPayload);
      return execFileSync('pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    };
    expect(await text(payer)).toContain(fullName);
    expect(await text(admin)).toContain(fullName);
    const audited = await download(paid, auditor);
    expect(audited.statusCode).toBe(200);
    const auditorText = await text(auditor);
    expect(auditorText).not.toContain(fullName);
    expect(auditorText).toContain(JSON.parse(embeddedIn(audited.rawPayload).figures).payer_initials as string);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findOrder, orderAwaitingDocuments } from './support/api.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { seeText } from './support/ui.js';
import { sendPaymentSucceeded } from './support/webhook.js';

/**
 * A paid order's receipt (DESIGN.md section 11): downloaded from the payer's order page, its number
 * (read from the signed JSON the PDF carries) opens /receipts/{no} as authentic on a phone; an
 * invented number is not issued by us.
 */
describe('signed receipts', () => {
  const e2e = useE2E();

  it('downloads the receipt from the order page; its page says authentic, an invented number says not issued by us', async () => {
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '3456');
    const { cny_amount } = await findOrder(e2e.baseUrl, e2e.payer, id);
    if (!cny_amount) throw new Error('a confirmed order has a CNY amount');
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, cny_amount);

    const { page, snap } = await e2e.page('desktop', 'receipts', { session: e2e.payer });
    await page.goto(`/order/${id}`);
    const folder = mkdtempSync(path.join(tmpdir(), 'receipt-e2e-'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-download').click()]);
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/^receipt-R\d{8}-\w+\.pdf$/);
    execFileSync('pdfdetach', ['-save', '1', '-o', path.join(folder, 'receipt.json'), file]);
    const embedded = JSON.parse(readFileSync(path.join(folder, 'receipt.json'), 'utf8')) as { figures: string };
    const receiptNo = (JSON.parse(embedded.figures) as { receipt_no: string }).receipt_no;
    await snap('order-page');

    const phone = await e2e.page('phone', 'receipts');
    await phone.page.goto(`/receipts/${receiptNo}`);
    await seeText(phone.page.getByTestId('receipt-authentic'), '真实有效');
    await seeText(phone.page.getByTestId('receipt-figures'), receiptNo);
    await phone.snap('authentic');

    await phone.page.goto('/receipts/R20990101-NOTOURS1');
    await seeText(phone.page.getByTestId('receipt-not-ours'), '非本平台开具');
    await phone.snap('not-ours');
  });
});

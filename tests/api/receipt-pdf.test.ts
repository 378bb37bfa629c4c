import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../eventstore/chain/index.js';
import { signerOf } from '../../src/api/audit/signing-key.js';
import type { IssuedReceipt } from '../../src/api/receipts/receipt-issue.js';
import { renderReceiptPdf } from '../../src/api/receipts/receipt-pdf.js';
import { SAMPLE_FIGURES, warmUpReceipts } from '../../src/api/receipts/receipt-warm-up.js';
import type { ReceiptFigures } from '../../src/domain/index.js';

/** The warm-up's sample receipt, numbered for this test. */
const FIGURES: ReceiptFigures = { ...SAMPLE_FIGURES, receipt_no: 'R20261127-TESTPDF1', order_no: 'OP20261127000042' };

function issued(): IssuedReceipt {
  const signer = signerOf(generateKeyPairSync('ed25519').privateKey);
  const signedJson = canonicalJson(FIGURES);
  return { figures: FIGURES, signedJson, signature: signer.sign(signedJson), keyId: signer.keyId };
}

const READER = { locale: 'de-DE' as const, payerName: '张三丰', verifyUrl: 'https://pay.example.com/receipts/R20261127-TESTPDF1' };

/** The darkest pixels of page 1 rendered in grey by poppler (PGM: a header, then one byte a pixel). */
function inkOf(file: string, dir: string): number {
  execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
  const pgm = readFileSync(path.join(dir, 'page-1.pgm'));
  // Header "P5\n<w> <h>\n255\n": the pixels follow the third newline.
  let newlines = 0;
  let start = 0;
  while (newlines < 3) if (pgm[start++] === 0x0a) newlines++;
  return pgm.subarray(start).filter((byte) => byte < 128).length;
}

describe('the receipt PDF', () => {
  it('renders in Chinese, English and German with the CJK text as real text, a QR code, small and fast', async () => {
    const receipt = issued();
    await renderReceiptPdf(receipt, READER); // the first render reads the font file
    // The best of three: the cost of a render, not of the other processes sharing the machine.
    const times: number[] = [];
    let pdf: Buffer = Buffer.alloc(0);
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      pdf = await renderReceiptPdf(receipt, READER);
      times.push(performance.now() - started);
    }
    const elapsed = Math.min(...times);
    console.info(
      `receipt PDF: ${pdf.length} bytes, rendered in ${elapsed.toFixed(0)} ms (best of ${times.map((time) => time.toFixed(0)).join(', ')})`,
    );
    expect(elapsed).toBeLessThan(300);
    // The font is subset: the whole font file is 8 MB.
    expect(pdf.length).toBeLessThan(150_000);

    const dir = mkdtempSync(path.join(tmpdir(), 'receipt-pdf-'));
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    if (process.env['RECEIPT_PDF_OUT']) writeFileSync(process.env['RECEIPT_PDF_OUT'], pdf);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const expected of [
      '慕尼黑工业大学',
      '12345.67 EUR',
      '付款收据',
      'Payment receipt',
      'Zahlungsquittung',
      '张三丰',
      READER.verifyUrl,
    ])
      expect(text, expected).toContain(expected);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    // Embedded, subset, with a ToUnicode map (the last three columns: emb sub uni).
    expect(fonts).toMatch(/NotoSansHans-Regular\s+CID Type 0C\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(inkOf(file, dir)).toBeGreaterThan(500);
  });

  it('a reader in Chinese or English gets both, without German', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'receipt-pdf-'));
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, await renderReceiptPdf(issued(), { ...READER, locale: 'zh-CN' }));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Payment receipt');
    expect(text).not.toContain('Zahlungsquittung');
  });
});

describe("npm start's receipt warm-up", () => {
  it('renders the sample receipt, so a broken sample or renderer shows here rather than in the log', async () => {
    await expect(warmUpReceipts()).resolves.toBeUndefined();
  });
});

/**
 * `npm run bench`'s receipt section (issue 25): the receipt PDF rendered as its download renders it
 * (renderReceiptPdf, Chinese, English and German, the QR code, the signed JSON attached). The first
 * render of the process is the cold one (it reads the 8 MB CJK font); then RENDERS warm ones.
 */
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { canonicalJson } from '../../eventstore/chain/index.js';
import { signerOf } from '../../src/api/audit/signing-key.js';
import type { IssuedReceipt } from '../../src/api/receipts/receipt-issue.js';
import { renderReceiptPdf } from '../../src/api/receipts/receipt-pdf.js';
import type { ReceiptFigures } from '../../src/domain/index.js';

const RENDERS = Number(process.env['BENCH_RECEIPTS'] ?? 50);

const FIGURES: ReceiptFigures = {
  receipt_no: 'R20261127-BENCHPDF',
  order_no: 'OP20261127000042',
  institution: '慕尼黑工业大学',
  institution_en: 'Technical University of Munich',
  account_name: 'TUM Kasse',
  account_no: 'DE02700500000002000001',
  bank: 'Bayerische Landesbank',
  swift: 'BYLADEMMXXX',
  amount: '12345.67',
  currency: 'EUR',
  rate: '7.6543',
  markup: '0.02',
  cny_due: '96382.70',
  cny_received: '96382.70',
  received_at: '2026-11-27T02:00:00.000Z',
  status: 7,
  remitted_at: '2026-11-28T03:00:00.000Z',
  bank_reference: null,
  payer_initials: 'Z. S.',
  issued_at: '2026-11-28T04:00:00.000Z',
};

export interface ReceiptFiguresMeasured {
  readonly coldMs: number;
  readonly warm: readonly number[];
  /** This process's CPU per warm render: what other jobs on the machine do not inflate. */
  readonly warmCpuMs: number;
}

export async function receiptRenders(): Promise<ReceiptFiguresMeasured> {
  const signer = signerOf(generateKeyPairSync('ed25519').privateKey);
  const signedJson = canonicalJson(FIGURES);
  const receipt: IssuedReceipt = { figures: FIGURES, signedJson, signature: signer.sign(signedJson), keyId: signer.keyId };
  const reader = { locale: 'de-DE' as const, payerName: '张三丰', verifyUrl: 'https://pay.example.com/receipts/R20261127-BENCHPDF' };
  const render = async () => {
    const started = performance.now();
    await renderReceiptPdf(receipt, reader);
    return performance.now() - started;
  };
  const coldMs = await render();
  const warm: number[] = [];
  const cpu = process.cpuUsage();
  for (let index = 0; index < RENDERS; index += 1) warm.push(await render());
  const { user, system } = process.cpuUsage(cpu);
  return { coldMs, warm, warmCpuMs: (user + system) / 1000 / RENDERS };
}

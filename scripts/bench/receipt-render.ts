/**
 * `npm run bench`'s receipt section (issue 25): the receipt PDF rendered as its download renders it
 * (renderReceiptPdf, Chinese, English and German, the QR code, the signed JSON attached): the
 * process's first render (which `npm start` does once listening, warmUpReceipts), the next (the
 * first download after start, the cold one), then RENDERS warm ones.
 */
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { canonicalJson } from '../../eventstore/chain/index.js';
import { signerOf } from '../../src/api/audit/signing-key.js';
import type { IssuedReceipt } from '../../src/api/receipts/receipt-issue.js';
import { renderReceiptPdf } from '../../src/api/receipts/receipt-pdf.js';
import { SAMPLE_FIGURES } from '../../src/api/receipts/receipt-warm-up.js';

const RENDERS = Number(process.env['BENCH_RECEIPTS'] ?? 50);

export interface ReceiptFiguresMeasured {
  /** The process's first render, which `npm start` does once listening (warmUpReceipts), before any download. */
  readonly firstMs: number;
  readonly coldMs: number;
  readonly warm: readonly number[];
  /** This process's CPU per warm render: what other jobs on the machine do not inflate. */
  readonly warmCpuMs: number;
}

export async function receiptRenders(): Promise<ReceiptFiguresMeasured> {
  const signer = signerOf(generateKeyPairSync('ed25519').privateKey);
  const signedJson = canonicalJson(SAMPLE_FIGURES);
  const receipt: IssuedReceipt = { figures: SAMPLE_FIGURES, signedJson, signature: signer.sign(signedJson), keyId: signer.keyId };
  const reader = { locale: 'de-DE' as const, payerName: '张三丰', verifyUrl: 'https://pay.example.com/receipts/R20261127-BENCHPDF' };
  const render = async () => {
    const started = performance.now();
    await renderReceiptPdf(receipt, reader);
    return performance.now() - started;
  };
  const firstMs = await render();
  const coldMs = await render();
  const warm: number[] = [];
  const cpu = process.cpuUsage();
  for (let index = 0; index < RENDERS; index += 1) warm.push(await render());
  const { user, system } = process.cpuUsage(cpu);
  return { firstMs, coldMs, warm, warmCpuMs: (user + system) / 1000 / RENDERS };
}

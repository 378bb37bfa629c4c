import type { ReceiptFigures } from '../../domain/index.js';
import type { IssuedReceipt } from './receipt-issue.js';
import { renderReceiptPdf, type ReceiptReader } from './receipt-pdf.js';

/** A receipt of nobody's order, never stored or sent: what the warm-up renders. */
export const SAMPLE_FIGURES: ReceiptFigures = {
  receipt_no: 'R20261127-SAMPLE',
  order_no: '20261127-000042',
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

const SAMPLE_READER: ReceiptReader = {
  locale: 'de-DE',
  payerName: '张三丰',
  verifyUrl: 'https://example.invalid/receipts/R20261127-SAMPLE',
};

/**
 * How long after listening the warm-up waits: it holds the event loop for 0.3 s (up to 1.5 s on a
 * loaded machine), which a start's first requests should not wait for.
 */
export const RECEIPT_WARM_UP_DELAY_MS = 3_000;

/**
 * Renders one sample receipt and throws it away. The first render of a process costs about 0.3 s
 * more than the next (the CJK font's tables, pdfkit's and the QR code's first use); `npm start`
 * pays it soon after listening, so no payer's download does.
 */
export async function warmUpReceipts(): Promise<void> {
  const receipt: IssuedReceipt = { figures: SAMPLE_FIGURES, signedJson: '{}', signature: 'warm-up', keyId: 'warm-up' };
  await renderReceiptPdf(receipt, SAMPLE_READER);
}

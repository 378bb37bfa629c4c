import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as createFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { chinaDateTime, isStatus, statusText, type Locale } from '../../domain/index.js';
import { RECEIPT_LABELS, type ReceiptLabel } from '../../domain/receipts/receipt-labels.js';
import type { IssuedReceipt } from './receipt-issue.js';

/**
 * The CJK font, from a registry package (Noto Sans SC, OFL), read and parsed once: pdfkit subsets it
 * into each file, so a receipt carries only the glyphs it prints (tens of kilobytes, not the font's
 * 8 MB). Given the file, pdfkit would parse its 8 MB again for every receipt (most of a render's
 * time); given the parsed font, it only subsets it. Each use of it is synchronous, so renders side
 * by side never interleave inside it.
 */
let font: Font | undefined;
function cjkFont(): Font {
  if (!font) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    font = createFont(readFileSync(path.join(path.dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf')));
  }
  return font;
}

/** What the reader's PDF shows beyond the signed figures: the payer's name in full for the owner and admins. */
export interface ReceiptReader {
  readonly locale: Locale;
  /** The payer's name in full, or null to print the signed initials (an auditor). */
  readonly payerName: string | null;
  readonly verifyUrl: string;
}

/** Chinese and English always; German too for a reader who reads German. */
const languagesFor = (locale: Locale): Locale[] => (locale === 'de-DE' ? ['zh-CN', 'en-US', 'de-DE'] : ['zh-CN', 'en-US']);

const label = (key: ReceiptLabel, languages: readonly Locale[]) => languages.map((locale) => RECEIPT_LABELS[locale][key]).join(' / ');

const time = (iso: string | null) => (iso === null ? '—' : `${chinaDateTime(new Date(iso))} (UTC+8)`);

function rowsOf(receipt: IssuedReceipt, reader: ReceiptReader, languages: readonly Locale[]): [ReceiptLabel, string][] {
  const f = receipt.figures;
  const status = isStatus(f.status)
    ? languages.map((locale) => statusText(f.status as Parameters<typeof statusText>[0], locale)).join(' / ')
    : String(f.status);
  const rows: [ReceiptLabel, string][] = [
    ['receipt.number', f.receipt_no],
    ['receipt.orderNo', f.order_no],
    ['receipt.institution', [f.institution, f.institution_en].filter(Boolean).join(' / ')],
    ['receipt.account', [f.account_name, f.account_no, f.bank, f.swift].filter(Boolean).join(', ')],
    ['receipt.amount', `${f.amount} ${f.currency}`],
    ['receipt.rate', f.rate ?? '—'],
    ['receipt.markup', f.markup ?? '—'],
    ['receipt.due', f.cny_due === null ? '—' : `${f.cny_due} CNY`],
    ['receipt.received', `${f.cny_received} CNY`],
    ['receipt.receivedAt', time(f.received_at)],
    ['receipt.status', status],
  ];
  if (f.remitted_at !== null) rows.push(['receipt.remittedAt', time(f.remitted_at)]);
  if (f.bank_reference) rows.push(['receipt.bankReference', f.bank_reference]);
  rows.push(['receipt.payer', reader.payerName ?? f.payer_initials], ['receipt.issuedAt', time(f.issued_at)]);
  return rows;
}

/**
 * The receipt as a PDF (A4): the figures in Chinese and English (German too), a QR code and the link
 * of the public check, and the signed JSON with its signature as the attachment receipt.json.
 */
export async function renderReceiptPdf(receipt: IssuedReceipt, reader: ReceiptReader): Promise<Buffer> {
  const languages = languagesFor(reader.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${label('receipt.title', languages)} ${receipt.figures.receipt_no}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // pdfkit takes a parsed font wherever it takes a file (PDFFontFactory.open); its types name only files.
  doc.registerFont('cjk', cjkFont() as unknown as Buffer);
  doc.font('cjk').fontSize(20).text(label('receipt.title', languages), { width: 360 });
  doc.moveDown(1.2);
  for (const [key, value] of rowsOf(receipt, reader, languages)) {
    doc.fontSize(8).fillColor('#666666').text(label(key, languages));
    doc
      .fontSize(11)
      .fillColor('#000000')
      .text(value || '—');
    doc.moveDown(0.4);
  }
  const qr = await QRCode.toBuffer(reader.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  doc.image(qr, 430, 50, { width: 115 });
  doc.moveDown(1);
  doc.fontSize(9).fillColor('#333333').text(label('receipt.verify', languages));
  doc.fillColor('#1a56db').text(reader.verifyUrl, { link: reader.verifyUrl });
  doc.fillColor('#666666').fontSize(7).text(`Ed25519 · key ${receipt.keyId} · ${receipt.signature}`);
  const embedded = JSON.stringify({ figures: receipt.signedJson, signature: receipt.signature, key_id: receipt.keyId });
  doc.file(Buffer.from(embedded, 'utf8'), { name: 'receipt.json', type: 'application/json', description: 'Signed receipt figures' });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

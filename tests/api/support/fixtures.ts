import type { LightMyRequestResponse } from 'fastify';
import { runOrderCommand } from '../../../src/api/orders/order-commands.js';
import { ACCOUNT, PAYER } from '../../domain/support.js';
import type { TestApp, TestUser } from './test-app.js';
import { craftZip, storedEntry } from './zip-archives.js';

/**
 * Orders driven through the real routes (create → accept → send → check → pay), multipart bodies
 * built by hand, and sample files, for any API test that needs them.
 */

/** A seeded institution paid in EUR without a preset account, so step 2 keeps what is sent. */
export const EUR_RESOURCE = 1004;

/** The `data` of a successful answer; anything else fails the test with the answer's body. */
export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: T }).data;
}

/** Step 1: a draft order (status 0). */
export async function createDraft(t: TestApp, user: TestUser, amount = '5000'): Promise<string> {
  const response = await t.post('/api/v1/step/amount/create', { resource: EUR_RESOURCE, amount, from: 'test' }, user.token);
  return dataOf<{ id: string }>(response, 'amount/create').id;
}

/** Steps 2 and 3: recipient account and payer details (still status 0). */
export async function fillDetails(t: TestApp, user: TestUser, id: string): Promise<void> {
  dataOf(await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, user.token), 'accept/update');
  dataOf(await t.post('/api/v1/step/send/update', { id, ...PAYER }, user.token), 'send/update');
}

/** Step 4: confirmed, awaiting payment (status 1). */
export async function confirmOrder(t: TestApp, user: TestUser, id: string): Promise<void> {
  dataOf(await t.post('/api/v1/step/check/update', { id }, user.token), 'check/update');
}

/** Step 5: payment method chosen, awaiting documents (status 2). */
export async function choosePayment(t: TestApp, user: TestUser, id: string, bank: 1 | 3 = 1): Promise<void> {
  dataOf(await t.post('/api/v1/step/pay/update', { id, bank }, user.token), 'pay/update');
}

/** A new order of `user` in status 0 (details filled in), 1 or 2. */
export async function orderInStatus(t: TestApp, user: TestUser, status: 0 | 1 | 2): Promise<string> {
  const id = await createDraft(t, user);
  await fillDetails(t, user, id);
  if (status >= 1) await confirmOrder(t, user, id);
  if (status >= 2) await choosePayment(t, user, id);
  return id;
}

/** Switches an order's public upload link as an admin would; returns the token when switched on. */
export async function switchUploadLink(t: TestApp, orderId: string, active: boolean): Promise<string> {
  const token = t.deps.ids.token();
  await runOrderCommand(t.deps, orderId, { type: 'switchUploadLink', active, token }, { id: 'admin', role: 'admin' });
  return token;
}

export type FormPart =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly filename: string; readonly content: Buffer; readonly contentType?: string };

/** A multipart/form-data body as a browser sends it (file names as raw UTF-8). */
export function multipartBody(parts: readonly FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----test-boundary-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"` + ('filename' in part ? `; filename="${part.filename.replace(/"/g, '%22')}"` : '');
    const type = 'filename' in part ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a multipart body, with a bearer token when given. */
export function postMultipart(t: TestApp, url: string, parts: readonly FormPart[], token?: string): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const withBody = (head: readonly number[] | string, size: number): Buffer => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  const body = Buffer.alloc(Math.max(size - start.length, 0), 0x20);
  return Buffer.concat([start, body]);
};

/** Files that start the way real ones do (only the first bytes decide the type). */
export const SAMPLE_FILES = {
  pdf: (size = 256) => withBody('%PDF-1.7\n', size),
  jpg: (size = 256) => withBody([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46], size),
  png: (size = 256) => withBody([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  /** A ZIP archive holding one PDF, as the upload's archive checks accept it. */
  zip: () => craftZip([storedEntry('bill.pdf', withBody('%PDF-1.7\n', 256))]),
  /** An empty ZIP archive: only the end-of-central-directory record. */
  emptyZip: () => Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]),
  /** A Windows executable. */
  exe: (size = 256) => withBody('MZ\x90\x00\x03\x00', size),
} as const;

export const filePart = (filename: string, content: Buffer, contentType = 'application/octet-stream'): FormPart => ({
  name: 'file',
  filename,
  content,
  contentType,
});

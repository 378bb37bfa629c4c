import { describe, expect, it } from 'vitest';
import { login, orderAwaitingDocuments, postJson, type Session } from './support/api.js';
import { useE2E } from './support/suite.js';
import { DEMO_ADMIN, INSTITUTIONS, PATIENT, RECIPIENT } from './support/test-data.js';
import { smallTargets, type SmallTarget } from './support/tap-targets.js';
import { main } from './support/ui.js';

/** A PDF uploaded to the order through the API, so the documents panel has a file to download and delete. */
async function uploadPdf(baseUrl: string, session: Session, id: string): Promise<void> {
  const form = new FormData();
  form.append('id', id);
  form.append('file', new Blob(['%PDF-1.7\n' + ' '.repeat(256)], { type: 'application/pdf' }), 'passport.pdf');
  const response = await fetch(new URL('/api/v1/step/order/upload', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { files: unknown[] } };
  await postJson(baseUrl, '/api/v1/step/order/updateFile', { id, fileList: data.files }, session.access_token);
}

describe('tap targets at 375 px', () => {
  const e2e = useE2E();

  it('are at least 44×44 px on every payer screen, signed out and signed in', async () => {
    const token = e2e.payer.access_token;
    const { id: draft } = await postJson<{ id: string }>(
      e2e.baseUrl,
      '/api/v1/step/amount/create',
      { resource: INSTITUTIONS.charite.id, amount: '3500' },
      token,
    );
    await postJson(e2e.baseUrl, '/api/v1/step/accept/update', { id: draft, ...RECIPIENT.payload }, token);
    await postJson(e2e.baseUrl, '/api/v1/step/send/update', { id: draft, ...PATIENT.payload }, token);
    const withFile = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '4000', 1);
    await uploadPdf(e2e.baseUrl, e2e.payer, withFile);
    const { id: confirmed } = await postJson<{ id: string }>(
      e2e.baseUrl,
      '/api/v1/step/amount/create',
      { resource: INSTITUTIONS.tum.id, amount: '3000' },
      token,
    );
    await postJson(e2e.baseUrl, '/api/v1/step/accept/update', { id: confirmed, ...RECIPIENT.payload }, token);
    await postJson(e2e.baseUrl, '/api/v1/step/send/update', { id: confirmed, ...PATIENT.payload }, token);
    await postJson(e2e.baseUrl, '/api/v1/step/check/update', { id: confirmed }, token);

    // The public upload page, through a link an admin switched on.
    const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const link = await postJson<{ upload_document_url: string }>(
      e2e.baseUrl,
      '/api/v1/manage/changeUploadDocument',
      { id: withFile },
      admin.access_token,
    );

    const screens: readonly [string, string, boolean][] = [
      ['home', '/', false],
      ['login', '/login', false],
      ['register', '/register', false],
      ['terms', '/terms', false],
      ['orders', '/orders', true],
      ['amount', `/step/amount/?resource=${INSTITUTIONS.charite.id}`, true],
      ['accept', `/step/accept/${draft}`, true],
      ['send', `/step/send/${draft}`, true],
      ['check', `/step/check/${draft}`, true],
      ['pay', `/step/pay/${confirmed}`, true],
      ['order-documents', `/order/${withFile}`, true],
      ['forgot-password', '/forgot-password', false],
      ['upload-link', link.upload_document_url, false],
    ];
    const found: Record<string, SmallTarget[]> = {};
    for (const [name, path, signedIn] of screens) {
      const { page, snap } = await e2e.page('phone', `tap-${name}`, signedIn ? { session: e2e.payer } : {});
      await page.goto(path);
      await main(page).waitFor();
      await page.waitForLoadState('networkidle');
      const small = await smallTargets(page);
      if (small.length > 0) found[name] = small;
      await snap(name);
      await page.context().close();
    }
    expect(found).toEqual({});
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runTs } from '../api/support/server-process.js';
import { findOrder, login, orderAwaitingDocuments, postJson } from './support/api.js';
import { useE2E } from './support/suite.js';
import { DEMO_ADMIN, INSTITUTIONS } from './support/test-data.js';
import { seeText } from './support/ui.js';
import { sendPaymentSucceeded } from './support/webhook.js';

const DEMO_AUDITOR = { email: 'auditor@example.com', password: 'auditor-demo-2026' };

describe('the audit trail', () => {
  const e2e = useE2E();

  it('an auditor steps through an order’s history, sees it verified, downloads a pack that checks offline, and sees where an altered row broke the chain', async () => {
    const admin = await login(e2e.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const auditor = await login(e2e.baseUrl, DEMO_AUDITOR.email, DEMO_AUDITOR.password);
    const id = await orderAwaitingDocuments(e2e.baseUrl, e2e.payer, INSTITUTIONS.tum.id, '4200');
    const { cny_amount } = await findOrder(e2e.baseUrl, e2e.payer, id);
    await sendPaymentSucceeded(e2e.baseUrl, e2e.dataDir, id, cny_amount!);
    await postJson(e2e.baseUrl, '/api/v1/manage/setStatus', { id, status: 5 }, admin.access_token);

    const { page, snap } = await e2e.page('desktop', 'audit-trail', { session: auditor });
    await page.goto('/manage');
    await page.getByTestId('tab-audit').click();
    await page.getByTestId('audit-order-id').fill(id);
    await page.getByTestId('audit-find').click();
    const entries = page.getByTestId('timeline-entry');
    await entries.first().waitFor();
    const count = await entries.count();
    expect(count).toBeGreaterThanOrEqual(6);
    await expect.poll(() => page.getByTestId('as-of-order').getAttribute('data-status')).toBe('5');
    await expect.poll(() => page.getByTestId('verification-chain').getAttribute('data-tone')).toBe('good');
    expect(await page.getByTestId('verification-projection').getAttribute('data-tone')).toBe('good');
    await snap('latest');

    // Back to the draft: the payer's progress component shows it as it stood then.
    await entries.first().getByRole('button').click();
    await expect.poll(() => page.getByTestId('as-of-order').getAttribute('data-revision')).toBe('0');
    await seeText(page.getByTestId('as-of'), '完善信息');
    await snap('revision-0');
    // Forward with the keyboard on the slider.
    await page.getByTestId('as-of-slider').focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('as-of-order').getAttribute('data-revision')).toBe('3');
    await expect.poll(() => page.getByTestId('as-of-order').getAttribute('data-status')).toBe('1');
    await snap('revision-3');

    const folder = await mkdtemp(path.join(tmpdir(), 'evidence-'));
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('evidence-download').click()]);
      const file = path.join(folder, download.suggestedFilename());
      await download.saveAs(file);
      expect(download.suggestedFilename()).toBe(`evidence-${id}.json`);
      // Offline: no database, no server, only the file.
      const check = await runTs('scripts/audit.ts', ['check-pack', file], {});
      expect(check.output).toContain('The pack verifies.');
      expect(check.code).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    if (!e2e.databaseUrl) {
      console.log('[e2e] audit: altering an event row with SQL skipped: the server runs on embedded PGlite (set TEST_DATABASE_URL)');
      return;
    }
    const client = new pg.Client({ connectionString: e2e.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ position: string; data: unknown }>(
        'select position, data from es_events where stream_id = $1 and stream_revision = 1',
        [`order-${id}`],
      );
      await client.query(`update es_events set data = jsonb_set(data, '{account,accept_bank}', '"Altered Bank"') where position = $1`, [
        rows[0]!.position,
      ]);
      try {
        await page.reload();
        await page.getByTestId('tab-audit').click();
        await page.getByTestId('audit-order-id').fill(id);
        await page.getByTestId('audit-find').click();
        await expect.poll(() => page.getByTestId('verification-chain').getAttribute('data-tone')).toBe('bad');
        await seeText(page.getByTestId('verification-chain'), /版本 1/);
        await snap('chain-broken');
      } finally {
        await client.query('update es_events set data = $1::jsonb where position = $2', [JSON.stringify(rows[0]!.data), rows[0]!.position]);
      }
    } finally {
      await client.end();
    }
  });
});

import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { approveProposal } from './support/back-office.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';
import { MARKUPS } from '../domain/support.js';

/**
 * Institutions and markups are cached for the payer's steps and the public calls; an admin's change
 * is seen at once by the process that made it, and by every other one through reference_changed.
 */
describe.each(ENGINES)('the reference cache on %s', (engine) => {
  const t = appForSuite(engine);
  const [admin, approver] = t.users('admin', 'admin');

  const eurRate = async () => (await t.post('/api/v1/public/findRate', { currency: 'EUR' })).json().data as string;

  it('shows a markup changed here at once, and one changed elsewhere as soon as it is announced', async () => {
    const before = await eurRate();
    await approveProposal(t, approver, await t.post('/api/v1/manage/config/updateBit', { ...MARKUPS, bit_eur: '0.05' }, admin.token));
    const changedHere = await eurRate();
    expect(changedHere).not.toBe(before);
    // The change's own announcement arrives a moment later and empties the cache once more: let it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eurRate()).toBe(changedHere);
    // Cached: a change that announces nothing is not seen.
    await sql`alter table settings disable trigger settings_changed`.execute(t.deps.db);
    await sql`update settings set value = jsonb_set(value, '{bit_eur}', '"0.09"') where key = 'markups'`.execute(t.deps.db);
    expect(await eurRate()).toBe(changedHere);
    await sql`alter table settings enable trigger settings_changed`.execute(t.deps.db);
    // As another process's change would be: announced by the trigger.
    await sql`update settings set value = value where key = 'markups'`.execute(t.deps.db);
    await vi.waitFor(async () => expect(await eurRate()).not.toBe(changedHere), { timeout: 5_000 });
  });
});

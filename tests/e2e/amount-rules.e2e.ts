import { describe, expect, it } from 'vitest';
import { findRate } from './support/api.js';
import { cnyOf } from './support/money.js';
import { useE2E } from './support/suite.js';
import { INSTITUTIONS } from './support/test-data.js';
import { button, mainText, moneyPattern, seeText, shown } from './support/ui.js';

/** SPEC.md step 1 and section 5: at least 3000 in the payee currency. */
describe('step 1 amount rules', () => {
  const e2e = useE2E();
  const charite = INSTITUTIONS.charite;

  it(`refuses 2999 and accepts 3000 ${charite.currency}, showing the CNY estimate`, async () => {
    const rate = await findRate(e2e.baseUrl, charite.currency);
    const { page, snap } = await e2e.page('desktop', 'amount-rules', { session: e2e.payer });
    await page.goto(`/step/amount/?resource=${charite.id}&from=e2e`);
    await seeText(page, `${charite.name} 将收到`);
    const amount = shown(page.getByLabel(/^汇款金额/));
    const next = button(page, '下一步');

    await amount.fill('2999');
    await seeText(page, `金额必须高于 ${charite.currency} 3000`);
    expect(await next.isDisabled()).toBe(true);
    expect(await mainText(page)).not.toMatch(moneyPattern(cnyOf('2999', rate)));
    await snap('below-minimum');

    await amount.fill('3000');
    await expect.poll(() => next.isEnabled(), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => mainText(page), { timeout: 5_000 }).toMatch(moneyPattern(cnyOf('3000', rate)));
    expect(await mainText(page)).not.toContain(`金额必须高于 ${charite.currency} 3000`);
    await snap('minimum');
  });
});

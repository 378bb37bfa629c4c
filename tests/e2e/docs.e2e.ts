import { describe, expect, it } from 'vitest';
import { watchCspViolations } from './support/csp-violations.js';
import { useE2E } from './support/suite.js';

/**
 * The API's browsable documentation (outside production): Swagger UI renders the OpenAPI document
 * under the Content-Security-Policy /docs is sent with, without one violation.
 */
describe('the API documentation at /docs', () => {
  const e2e = useE2E();

  it('shows every section of the API, and an operation with its error body, under its policy', async () => {
    const { page, snap } = await e2e.page('desktop', 'api-docs');
    const violations = await watchCspViolations(page);
    const response = await violations.goto('/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).not.toContain('unsafe-eval');
    await page.getByText('Overseas payments API').first().waitFor();
    for (const section of ['Account', 'Public', 'Order steps', 'Documents', 'Upload link', 'Payments', 'Webhooks', 'System']) {
      // A section's heading also holds its collapse button ("Account Collapse operation").
      await page.getByRole('heading', { name: section }).first().waitFor();
    }
    await page.getByText('/api/v1/step/order/find', { exact: true }).first().click();
    await page.getByText('ErrorBody').first().waitFor();
    await snap('docs');
    expect(await violations.collect()).toEqual([]);
  });

  it('tries a call from the page: the answer comes back with its code', async () => {
    const { page } = await e2e.page('desktop', 'api-docs-try');
    const violations = await watchCspViolations(page);
    await violations.goto('/docs');
    await page.getByText('/api/v1/public/findRate', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.locator('textarea.body-param__text').fill('{"currency":"XYZ"}');
    await page.getByRole('button', { name: 'Execute' }).click();
    await page.getByText('unsupported_currency').first().waitFor();
    expect(await violations.collect()).toEqual([]);
  });
});

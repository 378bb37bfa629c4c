import { ESLint } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web calls the API through the endpoint map (src/domain/contract/endpoints), never a path of
 * its own: the rule api-paths/through-the-endpoint-map (tools/eslint/api-paths.js) reports paths
 * under /api/ or /v1/ written out in src/web, and the old client's post('/…')/upload('/…') calls.
 * The planted files are linted as if they sat at `file` (which need not exist), without type
 * information: the rule reads the syntax tree alone.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
const RULE = 'api-paths/through-the-endpoint-map';
const WEB = 'src/web/features/orders/api/x.ts';

/** The lines the rule reports in `code`, linted as `file`. */
async function reportedLines(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.line);
}

const PLANTED = [
  "import { call, post, upload } from '../../../lib/api-client.js';",
  "import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';",
  'declare const id: string, form: FormData, base: string;',
  // Line 4 on: each line one violation.
  "export const literal = () => fetch('/api/v1/step/order/find');",
  'export const template = () => fetch(`/api/v1/files/${id}`);',
  "export const concatenated = () => fetch('/api/v1' + base);",
  "export const versioned = '/v1/step/order/find';",
  "export const posted = () => post('/step/order/find', { id });",
  'export const postedTemplate = () => post(`/step/order/${id}`);',
  "export const postedConcatenation = () => post('/manage' + base, {});",
  "export const uploaded = () => upload('/step/order/upload', form, () => undefined);",
  // Allowed: the calls through the endpoint map, and paths that are the web's own routes.
  'export const allowed = () => call(stepEndpoints.findOrder, { id });',
  'export const allowedUpload = () => upload(stepEndpoints.uploadFiles, form, () => undefined);',
  'export const route = `/step/order/${id}`;',
  "export const apiary = '/apiary';",
].join('\n');

describe('no API paths written out in the web', () => {
  it('reports each planted path and string-path call, exactly, and leaves the calls through the endpoint map alone', async () => {
    expect(await reportedLines(WEB, PLANTED)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("keeps the combined endpoint map out of the web: a page imports its area's module", async () => {
    const [result] = await eslint.lintText(
      [
        "import { endpoints } from '../../../../domain/contract/endpoints/index.js';",
        "import { manageEndpoints } from '../../../../domain/contract/endpoints';",
        "import { stepEndpoints } from '../../../../domain/contract/endpoints/step.js';",
        'export const all = [endpoints, manageEndpoints, stepEndpoints];',
      ].join('\n'),
      { filePath: path.join(root, WEB) },
    );
    expect(result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.line)).toEqual([1, 2]);
  });

  it('applies to src/web only: the server and the contract declare the paths', async () => {
    expect(await reportedLines('src/domain/contract/endpoints/x.ts', "export const path = '/api/v1/step/order/find';")).toEqual([]);
    expect(await reportedLines('src/api/orders/x.ts', "export const path = '/api/v1/step/order/find';")).toEqual([]);
  });
});

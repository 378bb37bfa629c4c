import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` and returns the boundary rule's messages. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('boundaries/') || m.ruleId?.startsWith('no-restricted')).map((m) => m.message);
}

describe('lint enforces the import boundaries', () => {
  it.each([
    ['src/domain/order/x.ts', "import { a } from '../../api/app.js';\nexport const b = a;"],
    ['src/domain/x.ts', "import { a } from '../../eventstore/port.js';\nexport const b = a;"],
    ['src/domain/x.ts', "import { a } from '../projections/x.js';\nexport const b = a;"],
    ['src/domain/x.ts', "import type { DB } from '../database/schema.js';\nexport type B = DB;"],
    ['src/domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const b = readFileSync;"],
    ['eventstore/postgres/x.ts', "import { a } from '../../src/api/app.js';\nexport const b = a;"],
    ['eventstore/x.ts', "export { a } from '../src/web/x.js';"],
    ['src/web/features/x.ts', "import { a } from '../../api/app.js';\nexport const b = a;"],
    ['src/web/features/x.ts', "import { a } from '../../../eventstore/port.js';\nexport const b = a;"],
    ['src/web/x.ts', "const m = import('../projections/x.js');\nexport default m;"],
    ['src/web/x.ts', "import type { DB } from '../database/schema.js';\nexport type B = DB;"],
    ['eventstore/postgres/x.ts', "import type { DB } from '../../src/database/schema.js';\nexport type B = DB;"],
  ])('%s may not: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['src/domain/order/x.ts', "import { a } from '../money.js';\nexport const b = a;"],
    ['src/web/features/x.ts', "import { a } from '../../domain/index.js';\nexport const b = a;"],
    ['src/api/x.ts', "import { a } from '../../eventstore/port.js';\nexport const b = a;"],
    ['eventstore/x.ts', "import { a } from './port.js';\nexport const b = a;"],
  ])('%s may: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('keeps clocks and randomness out of the domain', async () => {
    expect(await boundaryErrors('src/domain/x.ts', 'export const t = Date.now();')).not.toEqual([]);
    expect(await boundaryErrors('src/domain/x.ts', 'export const t = new Date();')).not.toEqual([]);
    expect(await boundaryErrors('src/domain/x.ts', 'export const r = Math.random();')).not.toEqual([]);
  });
});

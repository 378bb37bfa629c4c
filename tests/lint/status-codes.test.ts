import { ESLint } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The order machine is the one rule table: outside src/domain nothing compares a status with a
 * code or keeps its own list of codes (which statuses take money, which have ended…); it asks the
 * machine (tags, meta, `can`). The lint rule statuses/ask-the-machine (tools/eslint/status-codes.js)
 * enforces it on the syntax tree; `npm run lint` keeps the tree clean, and these planted files
 * (linted as if they sat at `file`, which need not exist) show what it catches and what it leaves.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
// The rule reads the syntax tree alone: the planted files (not on disk) are linted without type information.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
const RULE = 'statuses/ask-the-machine';

async function findings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const WEB = 'src/web/features/orders/x.ts';
const use = (...names: string[]) => `\nexport const used = [${names.join(', ')}];`;

/** [what, file, code]: each must be reported by the rule. */
const planted: readonly (readonly [string, string, string])[] = [
  // The four shapes the text search let through.
  ['a named list of statuses', WEB, 'const PAYABLE = [2, 3, 12];' + use('PAYABLE')],
  ['a typed set of statuses', WEB, 'const ENDED = new Set<number>([7, 8, 10, 11]);' + use('ENDED')],
  ['a status compared twice', WEB, 'export const early = (status: number) => status === 0 || status === 1;'],
  [
    'a status list three lines from the word "status"',
    WEB,
    '// Orders by status.\nexport const a = 1;\nexport const b = 2;\nexport const OPEN = [0, 1];',
  ],
  // The shapes the text search caught.
  [
    'an array checked with has',
    WEB,
    'const AWAITING_PAYMENT = new Set([2, 3, 12]);\nexport const due = (row: { status: number }) => AWAITING_PAYMENT.has(row.status);',
  ],
  ['an includes', WEB, 'export const over = (order: { status: number }) => [7, 8, 10, 11].includes(order.status);'],
  ['SQL with a list', 'src/api/orders/x.ts', "import { sql } from 'kysely';\nexport const open = sql`status in (1, 2, 3)`;"],
  ['SQL with a comparison', 'src/projections/x.ts', "export const query = 'select id from orders where status = 2';"],
  ['a union type', WEB, 'export type Settable = 5 | 6 | 7 | 9 | 10;'],
  ['a table keyed by status', WEB, "export const STATUS_TEXT = {\n  0: '待完善',\n  1: '待付款',\n  2: '待上传',\n};"],
  // Comparisons in every form.
  ['a member compared', WEB, 'export const done = (order: { status: number }) => order.status === 7;'],
  ['an optional member compared', WEB, 'export const draft = (order?: { status: number }) => order?.status === 0;'],
  ['a code on the left', WEB, 'export const draft = (order: { status: number }) => 0 === order.status;'],
  ['a loose comparison', WEB, 'export const draft = (order: { status: number }) => order.status != 0;'],
  ['an ordering', WEB, 'export const past = (order: { status: number }) => order.status > 1;'],
  ['a computed member', WEB, "export const done = (row: Record<string, number>) => row['status'] === 7;"],
  ['a name ending in Status', WEB, 'export const done = (orderStatus: number) => orderStatus >= 7;'],
  ['a cast', WEB, 'export const done = (order: { status: unknown }) => (order.status as number) === 7;'],
  ['a switch', WEB, "export function label(status: number) {\n  switch (status) {\n    case 8:\n      return 'x';\n  }\n  return '';\n}"],
  [
    'a Kysely comparison',
    'src/api/orders/x.ts',
    "export const q = (db: { where: (...a: unknown[]) => unknown }) => db.where('o.status', '=', 2);",
  ],
  ['a list in the API', 'src/api/orders/x.ts', 'export const FINAL = [7, 8, 10, 11] as const;'],
  ['a list in a script', 'scripts/x.ts', 'export const FINAL = [7, 8, 10, 11];'],
  ['a list in the event store', 'eventstore/x.ts', 'export const FINAL = [7, 8, 10, 11];'],
];

/** [what, file, code]: must lint clean. */
const leftAlone: readonly (readonly [string, string, string])[] = [
  ['progress segments', WEB, "export const GROUPS = [{ label: 'progress.groupPayer', segments: [1, 2, 3] }];"],
  ['a range of other numbers', WEB, 'export const sizes = [1, 2, 3, 4];'],
  ['HTTP codes', WEB, 'export const denied = (error: { status: number }) => error.status === 401 || error.status >= 500;'],
  ['a list with numbers beyond 13', WEB, 'export const sizes = [2, 4, 8, 16];'],
  ['a status compared with a variable', WEB, 'export const same = (a: { status: number }, b: number) => a.status === b;'],
  [
    'the domain (its rule table)',
    'src/domain/order/x.ts',
    'export const PAYABLE = [2, 3, 12];\nexport const draft = (status: number) => status === 0;',
  ],
  [
    'a migration (frozen history)',
    'src/database/migrations/x.ts',
    "export const up = 'update orders set x = 1 where status in (7, 8, 10, 11)';",
  ],
  ['the tests', 'tests/x.test.ts', 'export const draft = (status: number) => status === 0;\nexport const ENDED = [7, 8, 10, 11];'],
];

describe('no status codes outside the domain', () => {
  it.each(planted)('reports %s (%s)', async (_what, file, code) => {
    expect(await findings(file, code)).toContain(RULE);
  });

  it.each(leftAlone)('leaves %s alone (%s)', async (_what, file, code) => {
    expect(await findings(file, code)).toEqual([]);
  });
});

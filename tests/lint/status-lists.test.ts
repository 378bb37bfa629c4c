import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The order machine is the one rule table: outside src/domain nothing keeps its own list of
 * statuses (which statuses take money, which have ended, which an admin may set…). It asks the
 * machine (`can`, tags, meta) instead. This test reads every source file outside the domain and
 * fails on a literal list of status codes. Migrations are exempt: they are frozen history.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'scripts', 'eventstore'];
const EXEMPT = [/^src\/domain\//, /\/migrations\//];

const STATUS_CODE = /^(?:[0-9]|1[0-3])$/;
const mentionsStatus = (text: string) => /status/i.test(text);

/** `[2, 3, 12]` or `new Set([2, 3, 12])`: two or more codes 0-13 in brackets. */
const BRACKETED = /\[\s*(\d{1,2}(?:\s*,\s*\d{1,2})+)\s*\]/g;
/** SQL: `status in (1, 2, 3)`. */
const SQL_LIST = /status\s+(?:not\s+)?in\s*\(\s*\d{1,2}(?:\s*,\s*\d{1,2})+\s*\)/i;
/** A type: `0 | 1 | 2`. */
const UNION = /\b(\d{1,2})\s*\|\s*(\d{1,2})\s*\|\s*(\d{1,2})\b/;
/** An object keyed by codes: `0: '…'` on three nearby lines. */
const CODE_KEY = /^\s*(?:\d{1,2}|'\d{1,2}'):\s/;

/** The status lists in one file's text, as `line: text`. */
export function statusLists(source: string): string[] {
  const lines = source.split('\n');
  const found: string[] = [];
  const near = (index: number) => lines.slice(Math.max(0, index - 2), index + 3).join('\n');
  lines.forEach((line, index) => {
    const codesIn = (list: string) => list.split(',').map((item) => item.trim());
    const bracketed = [...line.matchAll(BRACKETED)].some((match) => codesIn(match[1]!).every((code) => STATUS_CODE.test(code)));
    const union = UNION.exec(line);
    const unionOfCodes = union !== null && union.slice(1).every((code) => STATUS_CODE.test(code));
    const keyed = CODE_KEY.test(line) && lines.slice(index, index + 6).filter((next) => CODE_KEY.test(next)).length >= 3;
    if (SQL_LIST.test(line) || ((bracketed || unionOfCodes || keyed) && mentionsStatus(near(index))))
      found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('status lists live only in the domain', () => {
  it('finds none in any source file outside src/domain', () => {
    const offenders = SCANNED.flatMap((dir) => sourceFiles(path.join(root, dir)))
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .filter((file) => !EXEMPT.some((pattern) => pattern.test(file)))
      .flatMap((file) => statusLists(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(offenders).toEqual([]);
  });

  it.each([
    ['an array', 'const AWAITING_PAYMENT = new Set([2, 3, 12]);\nif (AWAITING_PAYMENT.has(row.status)) pay();'],
    ['an includes', 'if ([7, 8, 10, 11].includes(order.status)) return;'],
    ['SQL', 'db.where(sql`status in (1, 2, 3)`)'],
    ['a union type', 'type Settable = 5 | 6 | 7 | 9 | 10; // status'],
    ['a table keyed by status', "const STATUS_TEXT = {\n  0: '待完善',\n  1: '待付款',\n  2: '待上传',\n};"],
  ])('catches %s', (_name, code) => {
    expect(statusLists(code)).not.toEqual([]);
  });

  it.each([
    ['progress segments', "const GROUPS = [{ label: 'progress.groupPayer', segments: [1, 2, 3] }];"],
    ['one status compared', 'if (order.status === 13) resume();'],
    ['a list of other numbers', 'const sizes = [1, 2, 3, 4];'],
  ])('leaves %s alone', (_name, code) => {
    expect(statusLists(code)).toEqual([]);
  });
});

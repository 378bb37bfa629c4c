import { message } from '../../domain/index.js';
import { HttpError } from '../http/errors.js';

export const PAGE_SIZE = 20;

/**
 * Where the last page ended: the sort key of its last row. Keyset paging from there neither
 * repeats nor skips a row when rows arrive between pages (new ones sort before the first page).
 */
export interface Cursor {
  readonly at?: string;
  readonly id: string | number;
  /** A list sorted by something else than its time: the sort and the last row's value of it. */
  readonly sort?: string;
  readonly key?: string;
}

const optionalString = (value: object, name: 'sort' | 'key'): { sort?: string; key?: string } | null => {
  if (!(name in value)) return {};
  const given = (value as Record<string, unknown>)[name];
  return typeof given === 'string' && given.length <= 100 ? { [name]: given } : null;
};

export const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined || raw === '') return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (typeof value === 'object' && value !== null && 'id' in value && (typeof value.id === 'string' || typeof value.id === 'number')) {
      const at = 'at' in value ? value.at : undefined;
      const sort = optionalString(value, 'sort');
      const key = optionalString(value, 'key');
      if (sort && key && (at === undefined || (typeof at === 'string' && !Number.isNaN(Date.parse(at)))))
        return { id: value.id, ...(at === undefined ? {} : { at }), ...sort, ...key };
    }
  } catch {
    // fall through: not one of ours
  }
  throw new HttpError('invalid_cursor', message('manage.invalidCursor'));
}

/** One more row than a page is read: its presence says whether there is a next page. */
export function pageOf<T>(rows: readonly T[], path: string, cursorOf: (row: T) => Cursor) {
  const data = rows.slice(0, PAGE_SIZE);
  const next = rows.length > PAGE_SIZE ? `${path}?cursor=${encodeCursor(cursorOf(data.at(-1)!))}` : null;
  return { data, next_page_url: next };
}

/** A keyword as a LIKE prefix: its own % and _ match themselves. */
export const likePrefix = (keyword: string): string => `${keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

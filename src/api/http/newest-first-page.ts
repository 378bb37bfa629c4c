import { sql, type SelectQueryBuilder } from 'kysely';

/** A cursor names the last row of a page: its time and id (newest first, ties by id). */
const encodeCursor = (at: Date, id: string) => `${at.toISOString()}|${id}`;
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at = '', id = ''] = cursor.split('|');
  const date = new Date(at);
  return Number.isNaN(date.getTime()) || id === '' ? null : { at: date, id };
}

/**
 * One page of a newest-first list keyed by (time, id): the rows after the cursor, and a cursor
 * for the next page when there is one. The row comparison keeps ties in order and uses the index.
 * A cursor not of this form reads the first page.
 */
export async function newestFirstPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  timeColumn: string,
  cursor: string | undefined,
  keyOf: (row: Row) => { at: Date; id: string },
  size: number,
): Promise<{ page: Row[]; next_cursor: string | null }> {
  const after = decodeCursor(cursor);
  const time = sql.ref(timeColumn);
  const rows = await (after ? query.where(sql<boolean>`(${time}, id) < (${after.at}, ${after.id})`) : query)
    .orderBy(time, 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(size + 1)
    .execute();
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const key = last && rows.length > size ? keyOf(last) : null;
  return { page, next_cursor: key ? encodeCursor(key.at, key.id) : null };
}

import type { Cursor } from '../manage/paging.js';

/** Rows read a page at a time (keyset), so an export of any size holds one page in memory. */
export const EXPORT_PAGE = 500;

/**
 * Every row a paged query finds, page after page: the next page is read only when the consumer
 * asks for more (a stream pulling from this generator reads as fast as the client takes the bytes).
 */
export async function* everyRow<Row>(page: (after: Cursor | null) => Promise<Row[]>, cursorOf: (row: Row) => Cursor): AsyncGenerator<Row> {
  for (let after: Cursor | null = null; ;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    after = cursorOf(rows.at(-1)!);
  }
}

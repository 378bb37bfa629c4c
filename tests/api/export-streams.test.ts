import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { csvLine, formulaSafe } from '../../src/api/exports/cells.js';
import { csvStream } from '../../src/api/exports/csv-stream.js';
import { everyRow, EXPORT_PAGE } from '../../src/api/exports/paged.js';

describe('export streams', () => {
  it('writes a cell a spreadsheet would evaluate as text, and quotes what CSV must', () => {
    for (const risky of ['=1+2', '+86 138', '-5', '@SUM(A1)', '\tx', '\rx']) expect(formulaSafe(risky)).toBe(`'${risky}`);
    for (const plain of ['张三', '12.50', 'a=b', '']) expect(formulaSafe(plain)).toBe(plain);
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', '=cmd'])).toBe('"a,b","say ""hi""","two\nlines",\'=cmd\r\n');
  });

  it('reads the next page only when the client has taken the last (backpressure reaches the database)', async () => {
    const PAGES = 20;
    let pagesRead = 0;
    const rows = everyRow<number>(
      (after) => {
        pagesRead += 1;
        const start = after === null ? 0 : Number(after.id) + 1;
        return Promise.resolve(start >= PAGES * EXPORT_PAGE ? [] : Array.from({ length: EXPORT_PAGE }, (_, i) => start + i));
      },
      (row) => ({ id: row }),
    );
    const stream = csvStream(['n', 'text'], rows, (n) => [String(n), 'x'.repeat(100)]);
    await new Promise<void>((resolve) => stream.once('readable', () => resolve()));
    stream.read();
    await tick();
    await tick();
    expect(pagesRead).toBeLessThanOrEqual(2);
    let bytes = 0;
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    expect(pagesRead).toBe(PAGES + 1);
    expect(bytes).toBeGreaterThan(PAGES * EXPORT_PAGE * 100);
  });
});

import { Readable } from 'node:stream';
import { csvLine, UTF8_BOM } from './cells.js';

/**
 * A CSV file as a stream: the BOM and header first, then one line per row as the client reads
 * (Readable.from pulls the rows on demand, so backpressure reaches the database cursor).
 */
export function csvStream<Row>(header: readonly string[], rows: AsyncIterable<Row>, cellsOf: (row: Row) => readonly string[]): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(header);
    for await (const row of rows) yield csvLine(cellsOf(row));
  }
  return Readable.from(lines(), { objectMode: false });
}

import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { formulaSafe } from './cells.js';

/**
 * An .xlsx workbook as a stream, written with exceljs's streaming WorkbookWriter: each row is
 * committed (and leaves memory) as it is added; when the client is slower than the database the
 * writer waits for the output to drain before it reads on. Every cell is a string (formula-safe),
 * so nothing in the file is ever evaluated.
 */
export function xlsxStream<Row>(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<Row>,
  cellsOf: (row: Row) => readonly string[],
): Readable {
  const output = new PassThrough();
  const write = async () => {
    // Loaded on the first export, not at start: exceljs and its zip libraries took 0.5-0.9 s of it.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.addRow([...header]).commit();
    for await (const row of rows) {
      sheet.addRow(cellsOf(row).map(formulaSafe)).commit();
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/**
 * Spreadsheet cells that stay data (DESIGN.md section 10, "Exports"): a value a spreadsheet would
 * read as a formula or a control (beginning with =, +, -, @, tab or CR) is written as text, with a
 * leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const formulaSafe = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** One CSV field: quoted when it holds a separator, a quote or a line break (quotes doubled). */
const csvField = (value: string): string => {
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A CSV record as Excel reads it: comma-separated, CRLF-terminated. */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** The byte-order mark that tells Excel the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

import { parseCamt053 } from './camt053.js';
import { parseCsvStatement } from './statement-csv.js';
import { STATEMENT_MAX_BYTES, StatementRefused, type ParsedStatement } from './statement.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A statement file as its entries, whichever the format: XML is read as CAMT.053, anything else
 * as the CSV statement. A file that is empty, too large, not UTF-8 or not a statement is refused
 * (StatementRefused) and nothing of it is taken.
 */
export function parseStatement(file: Uint8Array): ParsedStatement {
  if (file.byteLength > STATEMENT_MAX_BYTES) throw new StatementRefused('too_large', `${file.byteLength} bytes`);
  let content: string;
  try {
    content = utf8.decode(file);
  } catch {
    throw new StatementRefused('not_a_statement', 'not UTF-8 text');
  }
  const body = content.replace(/^\uFEFF/, '').trimStart();
  if (body === '') throw new StatementRefused('empty');
  return body.startsWith('<') ? parseCamt053(body) : parseCsvStatement(content);
}

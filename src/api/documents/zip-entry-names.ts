import { getFileNameLowLevel, type Entry } from 'yauzl';

/** The Info-ZIP Unicode Path extra field: a UTF-8 name that some extractors prefer to the raw one. */
const UNICODE_PATH_FIELD = 0x7075;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const gb18030 = new TextDecoder('gb18030');

/**
 * The raw name as its archiver most likely meant it: UTF-8 when the bytes are valid UTF-8 (macOS
 * writes UTF-8 without setting the flag that says so), else GB18030, the code page that the zip
 * tools of a Chinese Windows write without saying so either.
 */
function decodeRawName(raw: Buffer): string {
  try {
    return strictUtf8.decode(raw);
  } catch {
    return gb18030.decode(raw);
  }
}

export interface EntryNames {
  /** The name to show the payer. */
  readonly shown: string;
  /** Every name some extractor could give the entry: each must pass the checks. */
  readonly all: readonly string[];
}

/**
 * An entry's names. Strict decoding keeps backslashes, so the checks (which treat them as
 * separators, as Windows does) see the name as it is stored.
 */
export function namesOf(entry: Entry): EntryNames {
  const decoded = decodeRawName(entry.fileNameRaw);
  const byLibrary = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
  const shown = entry.extraFields.some((field) => field.id === UNICODE_PATH_FIELD) ? byLibrary : decoded;
  return { shown, all: [...new Set([shown, decoded, byLibrary])] };
}

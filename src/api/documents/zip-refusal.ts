import { message, type Message, type ZipRefusalReason } from '../../domain/index.js';

/** Why an uploaded ZIP archive is refused (the reasons and their codes: contract/error-codes.ts); zip-inspection.ts decides, zipRefusalMessage tells the payer. */
export type { ZipRefusalReason };

/** One entry of an archive: its name as an extractor would show it and its place (from 1) in the archive's directory. */
export interface ZipEntryRef {
  readonly name: string;
  readonly number: number;
}

export interface ZipRefusal {
  readonly ok: false;
  readonly reason: ZipRefusalReason;
  readonly entry?: ZipEntryRef;
  /** For the log only (the archive library's own words when it could not read the archive); never shown. */
  readonly detail?: string;
}

export type ZipInspection = { readonly ok: true; readonly entries: number } | ZipRefusal;

/** The most entries an archive may list; also named in the message. */
export const MAX_ZIP_ENTRIES = 200;

const MAX_SHOWN_NAME_LENGTH = 80;
// A name quoted in a sentence must not be able to hide or reorder text (bidi overrides, control
// and format characters) nor show undecodable bytes; such a name is replaced by its number.
const UNSHOWABLE = /[\p{C}\uFFFD"]/u;

const isShowable = (name: string): boolean => name.trim() !== '' && [...name].length <= MAX_SHOWN_NAME_LENGTH && !UNSHOWABLE.test(name);

/** Names the entry when its name can be shown, else its number. */
function which(entry: ZipEntryRef | undefined): Message {
  if (!entry) return message('zip.entry.unknown');
  return isShowable(entry.name)
    ? message('zip.entry.named', { name: entry.name })
    : message('zip.entry.numbered', { number: entry.number });
}

/** What the payer is told about a refused archive (shown as the upload's error). */
export function zipRefusalMessage(refusal: ZipRefusal): Message {
  switch (refusal.reason) {
    case 'executable':
      return message('zip.executable', { entry: which(refusal.entry) });
    case 'nested_archive':
      return message('zip.nestedArchive', { entry: which(refusal.entry) });
    case 'unsupported_entry':
      return message('zip.unsupportedEntry', { entry: which(refusal.entry) });
    case 'unsafe_name':
      return message('zip.unsafeName', { entry: which(refusal.entry) });
    case 'encrypted':
      return message('zip.encrypted');
    case 'too_large':
    case 'ratio':
      return message('zip.bomb');
    case 'too_many_entries':
      return message('zip.tooManyEntries', { max: MAX_ZIP_ENTRIES });
    case 'too_slow':
      return message('zip.tooSlow');
    case 'empty':
      return message('zip.empty');
    case 'unreadable':
      return message('zip.unreadable');
  }
}

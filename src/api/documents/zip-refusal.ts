/** Why an uploaded ZIP archive is refused; zip-inspection.ts decides, zipRefusalMessage tells the payer. */
export type ZipRefusalReason =
  | 'nested_archive'
  | 'executable'
  | 'unsupported_entry'
  | 'unsafe_name'
  | 'encrypted'
  | 'too_large'
  | 'ratio'
  | 'too_many_entries'
  | 'too_slow'
  | 'empty'
  | 'unreadable';

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

/** "文件 "x.exe" " when the name can be shown, else "第 3 个文件". */
function which(entry: ZipEntryRef | undefined): string {
  if (!entry) return '一个文件';
  return isShowable(entry.name) ? `文件 "${entry.name}" ` : `第 ${entry.number} 个文件`;
}

const BOMB_MESSAGE = '压缩包解压后过大（可能是压缩炸弹），不能上传';

/** The sentence the payer sees for a refused archive (shown as the upload's error). */
export function zipRefusalMessage(refusal: ZipRefusal): string {
  switch (refusal.reason) {
    case 'executable':
      return `压缩包内的${which(refusal.entry)}是可执行文件，不能上传`;
    case 'nested_archive':
      return `压缩包内不能再包含压缩包：${which(refusal.entry)}是压缩包`;
    case 'unsupported_entry':
      return `压缩包内只能包含 PDF / JPG / PNG 文件：${which(refusal.entry)}不是`;
    case 'unsafe_name':
      return `压缩包内${which(refusal.entry)}的名称或路径不安全，不能上传`;
    case 'encrypted':
      return '压缩包已加密，无法检查，请上传未加密的压缩包';
    case 'too_large':
    case 'ratio':
      return BOMB_MESSAGE;
    case 'too_many_entries':
      return `压缩包内的文件过多（最多 ${MAX_ZIP_ENTRIES} 个），不能上传`;
    case 'too_slow':
      return '压缩包过于复杂，无法在限定时间内检查完，不能上传';
    case 'empty':
      return '压缩包内没有文件';
    case 'unreadable':
      return '压缩包已损坏或格式不受支持，无法打开';
  }
}

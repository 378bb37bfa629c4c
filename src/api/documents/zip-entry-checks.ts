import { isStorableText } from '../../domain/index.js';
import { detectFileKind, HEAD_BYTES } from './file-checks.js';

/**
 * Judging one entry of an uploaded archive by its name and by its first bytes. The content decides
 * what an entry is; the name can only make things stricter (an executable's extension refuses
 * even a file that looks like a PDF, since Windows runs a file by its extension).
 */

export type EntryVerdict = 'document' | 'mac_metadata' | 'nested_archive' | 'executable' | 'unsupported_entry';

const bytesOf = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const DOCUMENT_TYPES: ReadonlySet<string> = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** Archives and compressed files beside ZIP itself (detectFileKind knows the ZIP signatures). */
const ARCHIVE_SIGNATURES: readonly (readonly number[])[] = [
  bytesOf('PK\x07\x08'), // a split or spanned ZIP
  bytesOf('Rar!'),
  bytesOf('7z\xbc\xaf\x27\x1c'),
  [0x1f, 0x8b], // gzip
  bytesOf('BZh'), // bzip2
  bytesOf('\xfd7zXZ\x00'), // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
  bytesOf('MSCF'), // Windows cabinet
];

const EXECUTABLE_SIGNATURES: readonly (readonly number[])[] = [
  bytesOf('MZ'), // Windows PE (exe, dll, scr, …)
  bytesOf('\x7fELF'),
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit, big- and little-endian, then 64-bit
  [0xce, 0xfa, 0xed, 0xfe],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal binary, and Java class files
  bytesOf('#!'), // scripts
];

const APPLE_DOUBLE = [0x00, 0x05, 0x16, 0x07];
const DS_STORE = [0x00, 0x00, 0x00, 0x01, ...bytesOf('Bud1')];

/** How many leading bytes of an entry judgeEntryContent needs to see. */
export const ENTRY_HEAD_BYTES = Math.max(
  HEAD_BYTES,
  DS_STORE.length,
  ...[...ARCHIVE_SIGNATURES, ...EXECUTABLE_SIGNATURES].map((signature) => signature.length),
);

const startsWith = (head: Uint8Array, signature: readonly number[]): boolean =>
  head.length >= signature.length && signature.every((byte, index) => head[index] === byte);

const startsWithAny = (head: Uint8Array, signatures: readonly (readonly number[])[]): boolean =>
  signatures.some((signature) => startsWith(head, signature));

/** The last part of an entry's path (a backslash counts as a separator, as it does on Windows). */
const baseNameOf = (name: string): string => name.replace(/\\/g, '/').split('/').pop() ?? '';

/**
 * Finder's bookkeeping that archives made on a Mac carry beside the documents (resource forks under
 * "__MACOSX/", folder settings in ".DS_Store"): harmless, so skipped, but only when both the name
 * and the content say so, so nothing else can hide under those names.
 */
function isMacMetadata(name: string, head: Uint8Array): boolean {
  const base = baseNameOf(name);
  if (name.startsWith('__MACOSX/') && base.startsWith('._')) return startsWith(head, APPLE_DOUBLE);
  return base === '.DS_Store' && startsWith(head, DS_STORE);
}

/** What an entry is, from its first bytes (ENTRY_HEAD_BYTES of them, or all of a shorter entry). */
export function judgeEntryContent(name: string, head: Uint8Array): EntryVerdict {
  const kind = detectFileKind(head);
  if (kind && DOCUMENT_TYPES.has(kind.contentType)) return 'document';
  if (kind || startsWithAny(head, ARCHIVE_SIGNATURES)) return 'nested_archive';
  if (startsWithAny(head, EXECUTABLE_SIGNATURES)) return 'executable';
  return isMacMetadata(name, head) ? 'mac_metadata' : 'unsupported_entry';
}

const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set(
  [
    'exe',
    'dll',
    'bat',
    'cmd',
    'sh',
    'js',
    'jse',
    'vbs',
    'vbe',
    'wsf',
    'hta',
    'msi',
    'apk',
    'jar',
    'scr',
    'com',
    'pif',
    'cpl',
    'lnk',
    'ps1',
  ].map((extension) => `.${extension}`),
);

/** Whether an entry's name ends in an extension that Windows, a phone or a shell would run. */
export function hasExecutableExtension(name: string): boolean {
  // Windows drops trailing dots and spaces, so "setup.exe. " still runs as setup.exe.
  const base = baseNameOf(name)
    .toLowerCase()
    .replace(/[. ]+$/, '');
  const dot = base.lastIndexOf('.');
  return dot >= 0 && EXECUTABLE_EXTENSIONS.has(base.slice(dot));
}

/** Whether extracting an entry under this name could write outside the target folder or mislead the reader. */
export function isUnsafeEntryName(name: string): boolean {
  // Control characters, and the bidirectional marks and overrides that make "cod.exe" look like "exe.doc".
  if (name === '' || !isStorableText(name)) return true;
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) return true;
  // "..", and what Windows turns into ".." by dropping trailing dots and spaces (".. ", "...").
  return path.split('/').some((segment) => /^[. ]+$/.test(segment) && segment.includes('..'));
}

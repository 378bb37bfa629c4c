import { storableText } from '../../domain/index.js';

/**
 * What an uploaded file really is, judged by its first bytes (DESIGN.md section 6): the client's
 * file name and declared content type are never trusted for the decision.
 */
export interface FileKind {
  readonly contentType: 'application/pdf' | 'image/jpeg' | 'image/png' | 'application/zip';
  /** Lower-case extensions a file of this kind may carry; the first is added when none fits. */
  readonly extensions: readonly string[];
  readonly signatures: readonly (readonly number[])[];
}

const bytesOf = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

export const FILE_KINDS: readonly FileKind[] = [
  { contentType: 'application/pdf', extensions: ['.pdf'], signatures: [bytesOf('%PDF-')] },
  { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], signatures: [[0xff, 0xd8, 0xff]] },
  { contentType: 'image/png', extensions: ['.png'], signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  // A local file header, or the end record of an empty archive.
  { contentType: 'application/zip', extensions: ['.zip'], signatures: [bytesOf('PK\x03\x04'), bytesOf('PK\x05\x06')] },
];

/** How many leading bytes detectFileKind needs to see. */
export const HEAD_BYTES = Math.max(...FILE_KINDS.flatMap((kind) => kind.signatures.map((signature) => signature.length)));

const startsWith = (head: Uint8Array, signature: readonly number[]): boolean =>
  head.length >= signature.length && signature.every((byte, index) => head[index] === byte);

/** The kind whose signature the file starts with, or null for anything else. */
export function detectFileKind(head: Uint8Array): FileKind | null {
  return FILE_KINDS.find((kind) => kind.signatures.some((signature) => startsWith(head, signature))) ?? null;
}

const MAX_NAME_LENGTH = 200;

/**
 * The name shown in the file list and offered on download: the client's name without any folder
 * part, control characters or the bidirectional overrides that make "cod.exe" look like
 * "exe.doc" (storableText drops both), shortened, and ending in an extension of the kind really received
 * (so "bill.html" that is a PDF is offered as "bill.html.pdf", never opened as a page).
 */
export function displayName(clientName: string | undefined, kind: FileKind): string {
  const base = storableText(clientName ?? '')
    .normalize('NFC')
    .split(/[/\\]/)
    .pop()!
    .trim();
  const named = base === '' || base === '.' || base === '..' ? 'file' : base;
  const fitting = kind.extensions.find((extension) => named.toLowerCase().endsWith(extension));
  const stem = fitting ? named.slice(0, -fitting.length) : named;
  const extension = fitting ? named.slice(-fitting.length) : kind.extensions[0]!;
  return [...stem].slice(0, MAX_NAME_LENGTH - extension.length).join('') + extension;
}

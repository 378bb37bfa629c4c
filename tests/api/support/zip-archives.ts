import { Readable } from 'node:stream';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import yazl from 'yazl';

/**
 * ZIP archives for the upload tests: honest ones written by yazl, and ones crafted byte by byte,
 * whose headers can say whatever a hostile archive says.
 */

const MB = 1024 * 1024;

/** Writes an archive with yazl; `fill` adds the entries. */
export async function yazlArchive(fill: (zip: yazl.ZipFile) => void): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  fill(zip);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `head`, then zeros up to `size` bytes, produced a chunk at a time (never the whole in memory). */
export function headThenZeros(head: Buffer, size: number): Readable {
  const zeros = Buffer.alloc(64 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent = head.length;
        this.push(head);
      } else if (sent >= size) {
        this.push(null);
      } else {
        const length = Math.min(zeros.length, size - sent);
        sent += length;
        this.push(zeros.subarray(0, length));
      }
    },
  });
}

/** An entry as it is written: the stored bytes and every header field, free to disagree with them. */
export interface CraftedEntry {
  /** A string is written as UTF-8 (and flagged so); a buffer as it is, unflagged. */
  readonly name: string | Buffer;
  /** The local header's name, when it is to differ from the directory's. */
  readonly localName?: string;
  readonly data: Buffer;
  readonly method: number;
  readonly flags: number;
  readonly crc32: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  /** Points the directory record at an earlier entry's local header and data instead of writing its own. */
  readonly sharesDataOf?: number;
}

const UTF8_FLAG = 0x800;

export const storedEntry = (name: string | Buffer, content: Buffer, changes: Partial<CraftedEntry> = {}): CraftedEntry => ({
  name,
  data: content,
  method: 0,
  flags: 0,
  crc32: crc32(content),
  compressedSize: content.length,
  uncompressedSize: content.length,
  ...changes,
});

export function deflatedEntry(name: string | Buffer, content: Buffer, changes: Partial<CraftedEntry> = {}): CraftedEntry {
  const data = deflateRawSync(content);
  return {
    name,
    data,
    method: 8,
    flags: 0,
    crc32: crc32(content),
    compressedSize: data.length,
    uncompressedSize: content.length,
    ...changes,
  };
}

/**
 * A deflated entry of `head` and then `megabytes` MB of zeros, built without deflating them: one
 * fully flushed deflate block of 1 MB of zeros is repeated, then a final empty block ends the stream.
 */
export function zeroBombEntry(name: string, head: Buffer, megabytes: number, changes: Partial<CraftedEntry> = {}): CraftedEntry {
  const zeros = Buffer.alloc(MB);
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { finishFlush: constants.Z_FULL_FLUSH });
  const zeroBlock = flushed(zeros);
  const data = Buffer.concat([flushed(head), ...Array.from({ length: megabytes }, () => zeroBlock), Buffer.from([0x03, 0x00])]);
  let checksum = crc32(head);
  for (let index = 0; index < megabytes; index += 1) checksum = crc32(zeros, checksum);
  const size = head.length + megabytes * MB;
  return { name, data, method: 8, flags: 0, crc32: checksum, compressedSize: data.length, uncompressedSize: size, ...changes };
}

const nameBytes = (name: string | Buffer): Buffer => (typeof name === 'string' ? Buffer.from(name, 'utf8') : name);

function localHeader(entry: CraftedEntry): Buffer {
  const name = nameBytes(entry.localName ?? entry.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags | (typeof entry.name === 'string' ? UTF8_FLAG : 0), 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(0, 10); // time and date
  header.writeUInt32LE(entry.crc32, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function directoryRecord(entry: CraftedEntry, localHeaderOffset: number): Buffer {
  const name = nameBytes(entry.name);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(entry.flags | (typeof entry.name === 'string' ? UTF8_FLAG : 0), 8);
  record.writeUInt16LE(entry.method, 10);
  record.writeUInt32LE(0, 12); // time and date
  record.writeUInt32LE(entry.crc32, 16);
  record.writeUInt32LE(entry.compressedSize, 20);
  record.writeUInt32LE(entry.uncompressedSize, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt32LE(localHeaderOffset, 42); // extra, comment, disk and attributes stay 0
  return Buffer.concat([record, name]);
}

function endRecord(entryCount: number, directorySize: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entryCount, 8);
  end.writeUInt16LE(entryCount, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/** An archive of exactly these headers and bytes. */
export function craftZip(entries: readonly CraftedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (entry.sharesDataOf !== undefined) {
      offsets.push(offsets[entry.sharesDataOf]!);
      continue;
    }
    offsets.push(offset);
    const written = Buffer.concat([localHeader(entry), entry.data]);
    parts.push(written);
    offset += written.length;
  }
  const directory = Buffer.concat(entries.map((entry, index) => directoryRecord(entry, offsets[index]!)));
  return Buffer.concat([...parts, directory, endRecord(entries.length, directory.length, offset)]);
}

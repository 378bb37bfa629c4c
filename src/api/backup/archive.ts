import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { z } from 'zod';

/**
 * The backup file: a first line naming the format, a line of JSON manifest (every part's path,
 * size and SHA-256), a line with the manifest's own SHA-256, then the parts' bytes one after the
 * other in the manifest's order. Plain enough to read with `head -c` and `sha256sum`, and every
 * byte is covered by a checksum, so a damaged or foreign file is refused before anything is written.
 */
const MAGIC = 'overseas-pay backup 1';
/** Three header lines are far shorter than this even with a hundred thousand uploads. */
const MAX_HEADER_BYTES = 64 * 1024 * 1024;

/** Where a part goes back to: the database's folder, an upload, a kept secret or an audit file (relative paths only). */
const PART_PATH =
  /^(database\/pglite\.tar\.gz|uploads\/[A-Za-z0-9_-]{22,128}|secrets\/[A-Za-z0-9_.-]+|audit\/(?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+)$/;

const manifestSchema = z.object({
  format: z.literal('overseas-pay-backup'),
  version: z.literal(1),
  created_at: z.string(),
  parts: z.array(
    z.object({
      path: z
        .string()
        .regex(PART_PATH)
        .refine((value) => !value.split('/').includes('..')),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestPart = Manifest['parts'][number];

/** A part to write: bytes in memory or a file on disk (read twice: once to hash it, once to copy it). */
export interface PartSource {
  readonly path: string;
  readonly bytes?: Uint8Array;
  readonly file?: string;
}

export class DamagedBackup extends Error {
  override readonly name = 'DamagedBackup';
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

async function describe(part: PartSource): Promise<ManifestPart> {
  if (part.bytes) return { path: part.path, size: part.bytes.byteLength, sha256: sha256(part.bytes) };
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(part.file!)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { path: part.path, size, sha256: hash.digest('hex') };
}

/** Writes the archive to `out` (not ended: the caller decides). The files must not change meanwhile (they are staged links). */
export async function writeArchive(out: Writable, sources: readonly PartSource[], createdAt: Date): Promise<Manifest> {
  const manifest: Manifest = {
    format: 'overseas-pay-backup',
    version: 1,
    created_at: createdAt.toISOString(),
    parts: await Promise.all(sources.map(describe)),
  };
  const manifestLine = JSON.stringify(manifest);
  await writeChunk(out, `${MAGIC}\n${manifestLine}\n${sha256(manifestLine)}\n`);
  for (const source of sources) {
    if (source.bytes) await writeChunk(out, source.bytes);
    else for await (const chunk of createReadStream(source.file!)) await writeChunk(out, chunk as Buffer);
  }
  return manifest;
}

function writeChunk(out: Writable, chunk: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
}

/** The manifest and where the parts start; refuses a file that is not a backup or whose manifest is damaged. */
async function readHeader(file: string): Promise<{ manifest: Manifest; partsStart: number }> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, length);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      length += bytesRead;
      const lines = Buffer.concat(chunks).toString('latin1').split('\n');
      if (lines.length > 1 && lines[0] !== MAGIC)
        throw new DamagedBackup('this is not a backup of this application (its first line differs)');
      if (lines.length > 3) return parseHeader(lines);
      if (length > MAX_HEADER_BYTES) break;
    }
    throw new DamagedBackup('the file ends before its manifest does (cut short, or not a backup)');
  } finally {
    await handle.close();
  }
}

function parseHeader(lines: readonly string[]): { manifest: Manifest; partsStart: number } {
  const manifestLine = Buffer.from(lines[1]!, 'latin1').toString('utf8');
  if (sha256(manifestLine) !== lines[2]) throw new DamagedBackup('the manifest does not match its checksum (the file is damaged)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestLine);
  } catch {
    throw new DamagedBackup('the manifest is not JSON');
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new DamagedBackup('the manifest is not one this version reads');
  return { manifest: manifest.data, partsStart: Buffer.byteLength(`${lines[0]}\n${lines[1]}\n${lines[2]}\n`, 'latin1') };
}

export interface CheckedArchive {
  readonly file: string;
  readonly manifest: Manifest;
  /** The bytes of one part (it was checked; it is read again from the file). */
  read(part: ManifestPart): Readable;
}

/** Reads the whole file and checks every part against the manifest; throws DamagedBackup naming the first problem. */
export async function checkArchive(file: string): Promise<CheckedArchive> {
  const { manifest, partsStart } = await readHeader(file);
  const offsets: number[] = [];
  let offset = partsStart;
  for (const part of manifest.parts) {
    offsets.push(offset);
    offset += part.size;
  }
  const { size } = await stat(file);
  if (size !== offset) throw new DamagedBackup(`the file has ${size} bytes where its manifest says ${offset} (cut short or extended)`);
  const read = (index: number) => {
    const part = manifest.parts[index]!;
    if (part.size === 0) return Readable.from([]);
    return createReadStream(file, { start: offsets[index]!, end: offsets[index]! + part.size - 1 });
  };
  for (const [index, part] of manifest.parts.entries()) {
    const hash = createHash('sha256');
    for await (const chunk of read(index)) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== part.sha256) throw new DamagedBackup(`${part.path} does not match its checksum (the file is damaged)`);
  }
  return { file, manifest, read: (part) => read(manifest.parts.indexOf(part)) };
}

/** What a backup holds, for the operator's summary line. */
export interface BackupSummary {
  readonly createdAt: string;
  readonly uploads: number;
  readonly secrets: number;
  readonly auditFiles: number;
  readonly bytes: number;
}

export function summaryOf(manifest: Manifest): BackupSummary {
  const count = (prefix: string) => manifest.parts.filter((part) => part.path.startsWith(prefix)).length;
  return {
    createdAt: manifest.created_at,
    uploads: count('uploads/'),
    secrets: count('secrets/'),
    auditFiles: count('audit/'),
    bytes: manifest.parts.reduce((sum, part) => sum + part.size, 0),
  };
}

import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { openPromise, type Entry, type Options, type ZipFile } from 'yauzl';
import { ENTRY_HEAD_BYTES, hasExecutableExtension, isUnsafeEntryName, judgeEntryContent, type EntryVerdict } from './zip-entry-checks.js';
import { namesOf } from './zip-entry-names.js';
import { MAX_ZIP_ENTRIES, type ZipEntryRef, type ZipInspection, type ZipRefusal, type ZipRefusalReason } from './zip-refusal.js';

/**
 * Opens a staged ZIP upload and checks every entry before the archive may be kept: only PDF, JPG
 * and PNG documents inside, judged by their content; no nested archives, executables, encrypted
 * entries or names that escape the folder; and bounded work, counted in real bytes as each entry
 * is decompressed, since the sizes an archive declares are exactly what a zip bomb lies about.
 * Never throws: whatever goes wrong becomes a refusal.
 */

const MB = 1024 * 1024;

export interface ZipLimits {
  readonly maxEntries: number;
  /** Decompressed bytes of all entries together. */
  readonly maxTotalBytes: number;
  /** Decompressed / compressed bytes read so far of one entry, once it has expanded past ratioFromBytes (small files may compress well). */
  readonly maxRatio: number;
  readonly ratioFromBytes: number;
  /** Wall-clock time for the whole inspection. */
  readonly timeBudgetMs: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxTotalBytes: 100 * MB,
  maxRatio: 100,
  ratioFromBytes: 1 * MB,
  timeBudgetMs: 5_000,
};

const STORED = 0;
const DEFLATED = 8;
/** How long to wait for the archive's file to be closed before answering anyway. */
const CLOSE_WAIT_MS = 1_000;

const OPEN_OPTIONS: Options = {
  lazyEntries: true,
  autoClose: true,
  // Refuses, while the directory is read, stored entries whose two declared sizes disagree.
  validateEntrySizes: true,
  // Names are decoded (strictly, backslashes kept) and judged in zip-entry-names.ts and
  // zip-entry-checks.ts: the library's own check would fail a name with ".." as an unreadable
  // archive instead of refusing it by name. (So strictFileNames, which only applies when the
  // library decodes, is not set here.)
  decodeStrings: false,
};

/** Thrown inside the inspection to stop at the first problem; turned into the result before leaving this module. */
class Refused extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(`ZIP refused: ${refusal.reason}`);
  }
}

const refuse = (reason: ZipRefusalReason, entry?: ZipEntryRef, detail?: string): Refused =>
  new Refused({ ok: false, reason, ...(entry && { entry }), ...(detail !== undefined && { detail }) });

export async function inspectZip(path: string, limits: ZipLimits = ZIP_LIMITS): Promise<ZipInspection> {
  const budget = new TimeBudget(limits.timeBudgetMs);
  let archive: OpenArchive | null = null;
  try {
    archive = await openArchive(path);
    return {
      ok: true,
      entries: await inspectEntries(archive.zipfile, { limits, budget, meter: new ExpansionMeter(limits, archive.zipfile.fileSize) }),
    };
  } catch (error) {
    return refusalOf(error);
  } finally {
    budget.end();
    await archive?.close();
  }
}

function refusalOf(error: unknown): ZipRefusal {
  if (error instanceof Refused) return error.refusal;
  const detail = error instanceof Error ? error.message : String(error);
  // The library refuses strong encryption (flag bit 6) while reading the directory, before the entry is seen.
  if (/strong encryption/i.test(detail)) return { ok: false, reason: 'encrypted', detail };
  // A truncated file, a broken header or deflate stream, or a bug here: an archive is never kept unread.
  return { ok: false, reason: 'unreadable', detail };
}

/** The inspection's clock: checked between steps and chunks, and an abort for a stream that stalls between them. */
class TimeBudget {
  private readonly deadline: number;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.deadline = Date.now() + ms;
    this.timer = setTimeout(() => this.controller.abort(), ms).unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  check(): void {
    if (Date.now() >= this.deadline) throw refuse('too_slow');
  }

  end(): void {
    clearTimeout(this.timer);
  }
}

/** Real decompressed bytes against the limits; the sizes in the headers are only claims. */
class ExpansionMeter {
  private totalBytes = 0;
  private claimedCompressedBytes = 0;

  constructor(
    private readonly limits: ZipLimits,
    private readonly archiveSize: number,
  ) {}

  /** The entries of an honest archive never share bytes; sharing is how one small kernel is expanded again and again. */
  claimCompressed(entry: Entry, ref: ZipEntryRef): void {
    this.claimedCompressedBytes += entry.compressedSize;
    if (this.claimedCompressedBytes > this.archiveSize) throw refuse('too_large', ref);
  }

  /** Counts `chunkBytes` more of an entry that has now given `entryBytes` from `compressedBytes` read so far. */
  count(chunkBytes: number, entryBytes: number, compressedBytes: number, entry: Entry, ref: ZipEntryRef): void {
    this.totalBytes += chunkBytes;
    // More than the directory declares: the headers lie, as a bomb's do to pass checks of declared sizes.
    if (this.totalBytes > this.limits.maxTotalBytes || entryBytes > entry.uncompressedSize) throw refuse('too_large', ref);
    if (entryBytes > this.limits.ratioFromBytes && entryBytes > this.limits.maxRatio * compressedBytes) throw refuse('ratio', ref);
  }
}

interface Inspection {
  readonly limits: ZipLimits;
  readonly budget: TimeBudget;
  readonly meter: ExpansionMeter;
}

interface OpenArchive {
  readonly zipfile: ZipFile;
  close(): Promise<void>;
}

async function openArchive(path: string): Promise<OpenArchive> {
  const zipfile = await openPromise(path, OPEN_OPTIONS);
  // Errors reach the entry iterator; this keeps one that comes after it (closing the file) from crashing the process.
  zipfile.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => zipfile.once('close', () => resolve()));
  return {
    zipfile,
    async close() {
      zipfile.close();
      await Promise.race([closed, delay(CLOSE_WAIT_MS, undefined, { ref: false })]);
    },
  };
}

/** Checks every entry in turn; the number of documents found. */
async function inspectEntries(zipfile: ZipFile, inspection: Inspection): Promise<number> {
  if (zipfile.entryCount > inspection.limits.maxEntries) throw refuse('too_many_entries');
  let number = 0;
  let documents = 0;
  for await (const entry of zipfile.eachEntry()) {
    inspection.budget.check();
    number += 1;
    if ((await inspectEntry(zipfile, entry, number, inspection)) === 'document') documents += 1;
  }
  if (documents === 0) throw refuse('empty');
  return documents;
}

const isFolderName = (name: string): boolean => /[/\\]$/.test(name);

async function inspectEntry(zipfile: ZipFile, entry: Entry, number: number, inspection: Inspection): Promise<EntryVerdict | 'folder'> {
  const names = namesOf(entry);
  const ref: ZipEntryRef = { name: names.shown, number };
  if (names.all.some(isUnsafeEntryName)) throw refuse('unsafe_name', ref);
  // Extractors create a folder and never read its data; only when every name says folder, though.
  if (names.all.every(isFolderName)) return 'folder';
  if (entry.isEncrypted()) throw refuse('encrypted', ref);
  if (names.all.some(hasExecutableExtension)) throw refuse('executable', ref);
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    throw refuse('unreadable', ref, `compression method ${entry.compressionMethod}`);
  }
  inspection.meter.claimCompressed(entry, ref);
  await checkLocalHeader(zipfile, entry, ref);
  return readEntry(zipfile, entry, ref, inspection);
}

/** Streaming extractors go by the local header, the others by the directory: both must describe the same entry. */
async function checkLocalHeader(zipfile: ZipFile, entry: Entry, ref: ZipEntryRef): Promise<void> {
  const local = await zipfile.readLocalFileHeaderPromise(entry);
  if (!local.fileName.equals(entry.fileNameRaw)) throw refuse('unsafe_name', ref);
  if (local.compressionMethod !== entry.compressionMethod) throw refuse('unreadable', ref, 'local header disagrees with the directory');
}

/**
 * Decompresses an entry as a stream, judging it by its first bytes and metering every byte; stops
 * at the first refusal. Holds only the head, never the entry. The data must then match the
 * declared size and checksum, or the archive is damaged.
 */
async function readEntry(zipfile: ZipFile, entry: Entry, ref: ZipEntryRef, inspection: Inspection): Promise<EntryVerdict> {
  const scan = new EntryScan(entry, ref, inspection);
  const stop: { error: unknown } = { error: null };
  const consume = async (source: AsyncIterable<Buffer>): Promise<void> => {
    try {
      for await (const chunk of source) scan.take(chunk);
    } catch (error) {
      // Kept aside: the pipeline reports the abort of its streams, not the error that caused it.
      stop.error = error;
    }
  };
  const raw = await zipfile.openReadStreamPromise(entry, { decodeFileData: false });
  const options = { signal: inspection.budget.signal };
  try {
    if (entry.compressionMethod === STORED) await pipeline(raw, scan.compressedCounter(), consume, options);
    else await pipeline(raw, scan.compressedCounter(), createInflateRaw(), consume, options);
  } catch (error) {
    throw stop.error ?? (inspection.budget.signal.aborted ? refuse('too_slow', ref) : error);
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what the stream's consumer caught, as it was
  if (stop.error !== null) throw stop.error;
  return scan.finish();
}

/** One entry's bytes as they stream past: its head, its length and its checksum. */
class EntryScan {
  private head = Buffer.alloc(0);
  private verdict: EntryVerdict | null = null;
  private bytes = 0;
  private compressedBytes = 0;
  private checksum = 0;

  constructor(
    private readonly entry: Entry,
    private readonly ref: ZipEntryRef,
    private readonly inspection: Inspection,
  ) {}

  /** Counts the archive's bytes on their way to being decompressed, for the ratio so far. */
  compressedCounter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.compressedBytes += chunk.length;
        done(null, chunk);
      },
    });
  }

  take(chunk: Buffer): void {
    this.inspection.budget.check();
    this.bytes += chunk.length;
    this.checksum = crc32(chunk, this.checksum);
    if (this.verdict === null) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, ENTRY_HEAD_BYTES - this.head.length)]);
      if (this.head.length >= ENTRY_HEAD_BYTES) this.verdict = acceptedVerdict(this.head, this.ref);
    }
    this.inspection.meter.count(chunk.length, this.bytes, this.compressedBytes, this.entry, this.ref);
  }

  finish(): EntryVerdict {
    const verdict = this.verdict ?? acceptedVerdict(this.head, this.ref);
    if (this.bytes !== this.entry.uncompressedSize || this.checksum !== this.entry.crc32) {
      throw refuse('unreadable', this.ref, 'size or checksum differs from the directory');
    }
    return verdict;
  }
}

/** A document or a Mac's metadata pass; anything else refuses the archive. */
function acceptedVerdict(head: Uint8Array, ref: ZipEntryRef): EntryVerdict {
  const verdict = judgeEntryContent(ref.name, head);
  if (verdict === 'document' || verdict === 'mac_metadata') return verdict;
  throw refuse(verdict, ref);
}

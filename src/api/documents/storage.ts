import { createHash } from 'node:crypto';
import { createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Ids } from '../deps.js';

/** Random names only: base64url characters, so a stored name can never walk out of the folder. */
const STORAGE_NAME = /^[A-Za-z0-9_-]{22,128}$/;
/** A file still being received; renamed to its storage name once the upload is accepted. */
const PARTIAL_SUFFIX = '.part';

export interface StagedFile {
  readonly stagingPath: string;
  readonly storageName: string;
}

/**
 * The folder of uploaded files (config.uploadDir, outside any served folder). Files arrive under
 * a random name ending in ".part", so anything left by a crash is recognisably unfinished, and
 * only become stored files when the upload is committed.
 */
export class FileStorage {
  /**
   * The write stream of each staged file and when it has closed. A stream opens its file a moment
   * after it is made; removing the file before that (an upload refused at once) would leave it to
   * be created afterwards, so discarding waits for the stream to close first.
   */
  readonly #writing = new Map<string, { readonly stream: WriteStream; readonly closed: Promise<void> }>();

  constructor(
    readonly dir: string,
    private readonly ids: Pick<Ids, 'token'>,
  ) {}

  async ensureFolder(): Promise<void> {
    // Passports and bills: readable by the service's own user only.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  /** A new staging file; `wx` makes sure an existing file is never overwritten. */
  stage(): { file: StagedFile; stream: WriteStream } {
    const storageName = this.ids.token();
    const stagingPath = this.pathOf(storageName) + PARTIAL_SUFFIX;
    const file: StagedFile = { stagingPath, storageName };
    const stream = createWriteStream(stagingPath, { flags: 'wx', mode: 0o600 });
    const closed = new Promise<void>((resolve) =>
      stream.once('close', () => {
        this.#writing.delete(stagingPath);
        resolve();
      }),
    );
    this.#writing.set(stagingPath, { stream, closed });
    return { file, stream };
  }

  async commit(file: StagedFile): Promise<void> {
    await rename(file.stagingPath, this.pathOf(file.storageName));
  }

  async discard(file: StagedFile): Promise<void> {
    const writing = this.#writing.get(file.stagingPath);
    if (writing) {
      writing.stream.destroy();
      await writing.closed;
    }
    await rm(file.stagingPath, { force: true });
  }

  async remove(storageName: string): Promise<void> {
    await rm(this.pathOf(storageName), { force: true });
  }

  /** The first `length` bytes of a staged file. */
  async head(file: StagedFile, length: number): Promise<Uint8Array> {
    const handle = await open(file.stagingPath, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** A stored file to send, or null when it is not (or no longer) on disk. */
  async openForReading(storageName: string): Promise<ReadStream | null> {
    try {
      const handle = await open(this.pathOf(storageName), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** SHA-256 (hex) of a stored file's bytes, or null when it is not on disk: what the audit compares with the event. */
  async sha256Of(storageName: string): Promise<string | null> {
    const stream = await this.openForReading(storageName);
    if (!stream) return null;
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  private pathOf(storageName: string): string {
    if (!STORAGE_NAME.test(storageName)) throw new Error('Refusing a storage name that is not a random token.');
    return path.join(this.dir, storageName);
  }
}

import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { message, zipRefusalCode } from '../../domain/index.js';
import { fieldError } from '../http/errors.js';
import { detectFileKind, displayName, HEAD_BYTES, type FileKind } from './file-checks.js';
import type { FileStorage, StagedFile } from './storage.js';
import { inspectZip } from './zip-inspection.js';
import { zipRefusalMessage } from './zip-refusal.js';

const MB = 1024 * 1024;

/** SPEC.md sections 5 and 9: 15 MB per file, at most 80 files per upload; a few small fields. */
export const UPLOAD_LIMITS = {
  fileSize: 15 * MB,
  files: 80,
  fields: 20,
  fieldSize: 4096,
  parts: 120,
};

/** SPEC.md section 5: the admin attachment dialog lets files up to 50 MB through. */
export const ADMIN_FILE_SIZE = 50 * MB;

/** The form field that carries files (SPEC.md section 7: "multipart: file, id"). */
const FILE_FIELD = 'file';

export interface ReceivedFile extends StagedFile {
  readonly name: string;
  readonly kind: FileKind;
  readonly size: number;
  /** SHA-256 (hex) of the bytes as received: recorded in the event that adds the file. */
  readonly sha256: string;
}

export interface ReceivedUpload {
  /** The first value of each text field. */
  readonly fields: Readonly<Record<string, string>>;
  readonly files: readonly ReceivedFile[];
}

/**
 * Reads a multipart upload into staging files, checking each file's size and real type as it
 * arrives. After the first problem the rest of the request is still read (so the client gets the
 * answer instead of a broken connection) but nothing more is kept; on any problem every staged
 * file is removed before the error is thrown. Either all files are staged, or none.
 */
export async function receiveUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  storage: FileStorage,
  /** Runs once, with the fields sent so far, before the first file is kept; throwing refuses the upload. */
  beforeFirstFile: (fields: Readonly<Record<string, string>>) => Promise<void> = () => Promise.resolve(),
  /** Larger bounds than the payer's (the back office's 50 MB). */
  limits: Partial<typeof UPLOAD_LIMITS> = {},
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  // Boxed, so that a thrown `undefined` still counts as a failure.
  let failure: { readonly error: unknown } | null = null;
  let checked = false;
  try {
    for await (const part of request.parts({ limits: { ...UPLOAD_LIMITS, ...limits } })) {
      if (part.type === 'field') {
        keepField(fields, part);
        continue;
      }
      if (!checked && failure === null && part.fieldname === FILE_FIELD) {
        checked = true;
        await beforeFirstFile(fields).catch((error: unknown) => (failure = { error }));
      }
      if (failure !== null || part.fieldname !== FILE_FIELD) {
        await drain(part);
      } else {
        try {
          files.push(await receiveFile(app, part, storage));
        } catch (error) {
          failure = { error };
        }
      }
    }
  } catch (error) {
    // The parser's own limits (too many files, fields or parts) end the iteration.
    failure ??= { error };
  }
  if (failure !== null) {
    await Promise.all(files.map((file) => storage.discard(file)));
    throw failure.error;
  }
  if (files.length === 0) throw fieldError('no_file', FILE_FIELD, message('upload.noFile'));
  return { fields, files };
}

function keepField(fields: Record<string, string>, part: MultipartValue): void {
  if (typeof part.value === 'string' && !part.valueTruncated && !Object.hasOwn(fields, part.fieldname)) {
    fields[part.fieldname] = part.value;
  }
}

/** Every file stream has to be read to the end, or the parser stops and the request never ends. */
async function drain(part: MultipartFile): Promise<void> {
  for await (const chunk of part.file) void chunk;
}

async function receiveFile(app: FastifyInstance, part: MultipartFile, storage: FileStorage): Promise<ReceivedFile> {
  const { file, stream } = storage.stage();
  try {
    const hash = createHash('sha256');
    await pipeline(
      part.file,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      },
      stream,
    );
    // Past the limit the parser cuts the stream short and only says so here.
    if (part.file.truncated) throw new app.multipartErrors.RequestFileTooLargeError();
    const kind = detectFileKind(await storage.head(file, HEAD_BYTES));
    if (!kind) throw fieldError('unsupported_file_type', FILE_FIELD, message('upload.unsupportedType'));
    if (kind.contentType === 'application/zip') await checkArchive(app, file);
    return { ...file, kind, name: displayName(part.filename, kind), size: stream.bytesWritten, sha256: hash.digest('hex') };
  } catch (error) {
    await storage.discard(file);
    throw error;
  }
}

/** A ZIP is opened and every entry in it checked (zip-inspection.ts) before it is kept. */
async function checkArchive(app: FastifyInstance, file: StagedFile): Promise<void> {
  const inspection = await inspectZip(file.stagingPath);
  if (inspection.ok) return;
  // Reason and entry number only: entry names can be personal.
  app.log.info({ zipRefused: inspection.reason, entryNumber: inspection.entry?.number, detail: inspection.detail }, 'ZIP upload refused');
  throw fieldError(zipRefusalCode(inspection.reason), FILE_FIELD, zipRefusalMessage(inspection));
}

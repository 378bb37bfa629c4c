import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldIssues, message, messageOfIssue, type Actor, type FileEntry, type UploadedFile } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { commitUpload } from './commit-upload.js';
import { receiveUpload } from './receive-upload.js';
import type { FileStorage } from './storage.js';

export interface DocumentContext {
  readonly deps: AppDeps;
  readonly storage: FileStorage;
}

/** The order an upload goes to and who is uploading, worked out from the form's text fields. */
export interface UploadTarget {
  /** The text field that names the order (the order id, or the upload link's token). */
  readonly key: string;
  readonly resolve: (fields: Readonly<Record<string, string>>) => Promise<{ orderId: string; actor: Actor }>;
  /** Bigger files than a payer may send (the back office). */
  readonly maxFileSize?: number;
}

/** Checks multipart text fields with a schema, answering 422 with the first message like JSON bodies do. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Readonly<Record<string, string>>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = Object.fromEntries(Object.entries(fieldIssues(parsed.error)).map(([field, texts]) => [field, texts.map(messageOfIssue)]));
  throw new HttpError('validation_failed', Object.values(errors)[0]?.[0] ?? message('validation.invalid'), errors);
}

const fileEntryOf = (file: UploadedFile): FileEntry => ({ uid: file.uid, name: file.name, status: 'done', url: file.url });

/**
 * One upload request: the target is resolved as soon as the field naming it has arrived (the web
 * sends it before the files, so a caller without access gets no byte onto the disk); a form that
 * names it after the files has them received and checked first. Then all files are committed
 * together. Any failure on the way leaves no file, row or event behind.
 */
export async function handleUpload(app: FastifyInstance, request: FastifyRequest, context: DocumentContext, target: UploadTarget) {
  const { storage, deps } = context;
  let early: Awaited<ReturnType<UploadTarget['resolve']>> | undefined;
  const upload = await receiveUpload(
    app,
    request,
    storage,
    async (fields) => {
      if (Object.hasOwn(fields, target.key)) early = await target.resolve(fields);
    },
    target.maxFileSize === undefined ? {} : { fileSize: target.maxFileSize },
  );
  let resolved: Awaited<ReturnType<UploadTarget['resolve']>>;
  try {
    resolved = early ?? (await target.resolve(upload.fields));
  } catch (error) {
    await Promise.all(upload.files.map((file) => storage.discard(file)));
    throw error;
  }
  const files = (await commitUpload(deps, storage, resolved.orderId, upload.files, resolved.actor)).map(fileEntryOf);
  // The client of the specification reads data.file_url; with several files it is the first one's.
  return ok({ file_url: files[0]!.url, files });
}

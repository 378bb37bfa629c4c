import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, FileEntry, UploadedFile } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { unprocessable } from '../http/errors.js';
import { commitUpload } from './commit-upload.js';
import { receiveUpload } from './receive-upload.js';
import type { FileStorage } from './storage.js';

export interface DocumentContext {
  readonly deps: AppDeps;
  readonly storage: FileStorage;
}

/** The order an upload goes to and who is uploading, worked out from the form's text fields. */
export type UploadTarget = (fields: Readonly<Record<string, string>>) => Promise<{ orderId: string; actor: Actor }>;

/** Checks multipart text fields with a schema, answering 422 with the first message like JSON bodies do. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Readonly<Record<string, string>>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw unprocessable(parsed.error.issues[0]?.message ?? '输入无效', errors);
}

const fileEntryOf = (file: UploadedFile): FileEntry => ({ uid: file.uid, name: file.name, status: 'done', url: file.url });

/**
 * One upload request: every file is received and checked first (the order id may come after the
 * files in the form), then the target is resolved, then all files are committed together. Any
 * failure on the way leaves no file, row or event behind.
 */
export async function handleUpload(app: FastifyInstance, request: FastifyRequest, context: DocumentContext, targetOf: UploadTarget) {
  const { storage, deps } = context;
  const upload = await receiveUpload(app, request, storage);
  let target: Awaited<ReturnType<UploadTarget>>;
  try {
    target = await targetOf(upload.fields);
  } catch (error) {
    await Promise.all(upload.files.map((file) => storage.discard(file)));
    throw error;
  }
  const files = (await commitUpload(deps, storage, target.orderId, upload.files, target.actor)).map(fileEntryOf);
  // The client of the specification reads data.file_url; with several files it is the first one's.
  return ok({ file_url: files[0]!.url, files });
}

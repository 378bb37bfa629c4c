import { z } from 'zod';
import { issueMessage } from '../../messages/message.js';
import { orderIdField } from '../../validation/fields.js';

/** A body that may be left out entirely (load more posts only the keyword, statistic nothing). */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);
/** A list's search: a prefix of the indexed columns, empty for all. */
export const keywordPayload = z
  .object({ keyword: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(100)) })
  .partial();
/** Where a list's next page starts (next_page_url carries it). */
export const cursorQuery = z.object({ cursor: z.string().max(200).optional() });
/** A page of a list: its rows and the path of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), next_page_url: z.string().nullable() });

/** A body nothing is read from. */
export const noBody = z.unknown().optional();

/**
 * A multipart upload's form (the files after the field naming their order or link). Its fields are
 * checked by the server as they stream in: the schema documents them, it does not validate.
 */
const files = z.array(z.file()).describe('One or more files (the field repeated): PDF, JPG, PNG or ZIP by content, 15 MB each, 80 at most');
export const uploadForm = <F extends 'id' | 'token'>(targetField: F, about: string) =>
  z.object({ [targetField]: z.string().describe(`${about}; send it before the files`), file: files } as { [K in F]: z.ZodString } & {
    file: typeof files;
  });

/** An upload link's token, as sent (trimmed; anything else is no token). */
export const linkToken = z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string());

/** The order status an admin sets. */
export const setStatusPayload = z.object({
  id: orderIdField,
  status: z.coerce.number().int().min(0).max(13),
  reason: z.string().trim().max(500).optional().describe('the admin’s words for the move, kept in the history'),
});

/** `Idempotency-Key` on order creation: the same key names the same order, never a second one. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Loose: the header schema's result replaces request.headers, which must keep every other header. */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, issueMessage('validation.idempotencyKey'))
    .optional(),
});

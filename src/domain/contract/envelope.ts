import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

/** A success body (DESIGN.md section 5): `{ data: … }`. */
export const dataOf = <T extends z.core.$ZodType>(data: T) => z.object({ data });

/** Every failure: 4xx and 5xx alike. */
export const errorBody = z
  .object({
    status: z.number().int().describe('The HTTP status again.'),
    code: z.enum(ERROR_CODES).describe('Stable and machine-readable: decide on this (src/domain/contract/error-codes.ts).'),
    message: z.string().describe('For people, in the language of Accept-Language (zh-CN unless en or de is asked for).'),
    errors: z.record(z.string(), z.array(z.string())).describe('Field name → its messages, in the same language.'),
  })
  .meta({ id: 'ErrorBody', description: 'A failure; a 5xx never carries internals.' });
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * 202: a command whose events are stored but whose read row is not visible yet (within 5 s). It is
 * a success: go on with `data.id`; never send the command again.
 */
export const acceptedBody = z
  .object({ data: z.object({ id: z.string() }), message: z.string() })
  .meta({ id: 'Accepted', description: 'Stored; the latest state shows shortly.' });
export type AcceptedBody = z.infer<typeof acceptedBody>;

export { sentMessage, type SentMessage } from './session-user.js';

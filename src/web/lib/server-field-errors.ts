import { ApiError } from './api-client.js';

/** The error type of a message the server wrote (already in the chosen language, not a message key). */
export const SERVER_ERROR = 'server';

/**
 * The server's first message for each of the form's fields its refusal names (DESIGN.md section 5:
 * `errors` maps a field to its messages), so the form can show it beside the input; fields the
 * form does not have are left to the toast.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): (readonly [field: string, text: string])[] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.errors).flatMap(([field, texts]) => {
    const text = texts[0];
    return fields.includes(field) && text ? [[field, text] as const] : [];
  });
}

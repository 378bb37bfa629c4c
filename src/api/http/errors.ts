import { errorStatus, message, type ErrorCode, type Message } from '../../domain/index.js';

/** Each field's messages; shown in the request's language by the error handler. */
export type FieldMessages = Readonly<Record<string, readonly Message[]>>;

/**
 * A failure the client should see: its code (which fixes the HTTP status, contract/error-codes.ts),
 * a message for people and field errors, both in no language yet.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly text: Message,
    readonly errors: FieldMessages = {},
  ) {
    super(code);
    this.statusCode = errorStatus(code);
  }
}

/** A failure about one field: its message is the answer's message too, so forms can show it beside the input. */
export const fieldError = (code: ErrorCode, field: string, text: Message) => new HttpError(code, text, { [field]: [text] });

export const notFound = (code: ErrorCode = 'order_not_found', text: Message = message('order.notFound')) => new HttpError(code, text);
export const unauthorized = (code: ErrorCode = 'unauthorized', text: Message = message('http.notLoggedIn')) => new HttpError(code, text);
export const forbidden = (text: Message = message('http.forbidden')) => new HttpError('forbidden', text);

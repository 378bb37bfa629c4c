import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConcurrencyError, EventStoreTimeoutError, EventStoreUnavailableError } from '../../../eventstore/port.js';
import { isDatabaseUnavailable } from '../../../eventstore/postgres/index.js';
import {
  errorStatus,
  message,
  messageOfIssue,
  OrderCommandRefused,
  refusalCode,
  refusalMessage,
  renderMessage,
  type AcceptedBody,
  type ErrorBody,
  type ErrorCode,
  type Locale,
  type Message,
  type RefusalReason,
} from '../../domain/index.js';
import { ProjectionLagError } from '../../projections/projection-runner.js';
import { SubjectErasedError } from '../privacy/keyring.js';
import { HttpError, type FieldMessages } from './errors.js';
import { requestLocale } from './locale.js';
import { isMalformedMultipart } from './malformed-multipart.js';
import { safeError } from './safe-error.js';

/** A failure in no language yet: the error handler renders it in the request's. */
export interface Failure {
  readonly status: number;
  readonly code: ErrorCode;
  readonly text: Message;
  readonly errors: FieldMessages;
}

const failure = (status: number, code: ErrorCode, text: Message, errors: FieldMessages = {}): Failure => ({ status, code, text, errors });

/** The field a refusal is about, so forms can show it beside the input. */
const REFUSAL_FIELD: Partial<Record<RefusalReason, string>> = {
  amount_invalid: 'amount',
  unknown_currency: 'amount',
  amount_too_many_decimals: 'amount',
  amount_below_minimum: 'amount',
  amount_above_maximum: 'amount',
  institution_missing: 'resource',
  unknown_file: 'fileList',
  no_files: 'fileList',
  invalid_payment_method: 'bank',
  transfer_account_missing: 'bank',
  scan_above_limit: 'bank',
};

/** The multipart parser's refusals (each carries its own status: 413, or 406 for a body that is not multipart). */
const MULTIPART_FAILURES: Readonly<Record<string, readonly [ErrorCode, Message]>> = {
  FST_REQ_FILE_TOO_LARGE: ['file_too_large', message('upload.fileTooLarge')],
  FST_FILES_LIMIT: ['too_many_files', message('upload.tooManyFiles')],
  FST_PARTS_LIMIT: ['too_many_parts', message('upload.tooManyParts')],
  FST_FIELDS_LIMIT: ['too_many_parts', message('upload.tooManyParts')],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['not_multipart', message('upload.notMultipart')],
};

/** Fastify's own refusals of a request, whose English messages never reach the client. */
const REQUEST_FAILURES: Readonly<Record<string, readonly [ErrorCode, Message]>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: ['empty_body', message('http.emptyBody')],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', message('http.unsupportedMediaType')],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_content_length', message('http.badContentLength')],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', message('http.payloadTooLarge')],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_json', message('http.invalidJson')],
};

function fromRefusal(error: OrderCommandRefused): Failure {
  const text = refusalMessage(error);
  const code = refusalCode(error.reason);
  const field = REFUSAL_FIELD[error.reason];
  // Confirming too early names every field still missing, so the form can point at each.
  const missing = error.reason === 'details_incomplete' ? [error.details.missing ?? []].flat() : [];
  const errors = field ? { [field]: [text] } : Object.fromEntries(missing.map((name) => [name, [text]]));
  return failure(errorStatus(code), code, text, errors);
}

function fromValidation(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): Failure {
  const errors: Record<string, Message[]> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(messageOfIssue(issue.message));
  }
  return failure(422, 'validation_failed', Object.values(errors)[0]?.[0] ?? message('validation.invalid'), errors);
}

function fromFastify(error: FastifyError): Failure {
  const known = (error.code && (MULTIPART_FAILURES[error.code] ?? REQUEST_FAILURES[error.code])) || undefined;
  const status = error.statusCode;
  if (known) return failure(status ?? errorStatus(known[0]), known[0], known[1]);
  if (isMalformedMultipart(error)) return failure(400, 'malformed_multipart', message('upload.malformed'));
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 429) return failure(status, 'rate_limited', message('http.tooManyRequests'));
    if (status === 413) return failure(status, 'payload_too_large', message('http.payloadTooLarge'));
    return failure(status, 'bad_request', message('http.badRequest'));
  }
  return failure(500, 'internal_error', message('http.internal'));
}

/** Maps every error to a failure; a 5xx never carries internals. */
export function toFailure(error: unknown): Failure {
  if (error instanceof HttpError) return failure(error.statusCode, error.code, error.text, error.errors);
  if (error instanceof OrderCommandRefused) return fromRefusal(error);
  if (error instanceof ConcurrencyError) return failure(409, 'order_changed', message('order.changedMeanwhile'));
  // A reference, file or note for an order whose payer was erased: nothing personal is kept for them again.
  if (error instanceof SubjectErasedError) return failure(409, 'personal_data_erased', message('audit.subjectErased'));
  if (error instanceof EventStoreTimeoutError) return failure(503, 'service_unavailable', message('http.busy'));
  if (error instanceof EventStoreUnavailableError || isDatabaseUnavailable(error)) {
    return failure(503, 'service_unavailable', message('http.unavailable'));
  }
  if (hasZodFastifySchemaValidationErrors(error)) return fromValidation(error);
  return fromFastify(error as FastifyError);
}

const renderAll = (messages: readonly Message[], locale: Locale) => messages.map((text) => renderMessage(text, locale));

/** The error body (DESIGN.md section 5) in a language. */
export const renderFailure = (failed: Failure, locale: Locale): ErrorBody => ({
  status: failed.status,
  code: failed.code,
  message: renderMessage(failed.text, locale),
  errors: Object.fromEntries(Object.entries(failed.errors).map(([field, messages]) => [field, renderAll(messages, locale)])),
});

/** What a 503 tells clients to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** 202: stored, not yet readable. The id lets the client go on (and a retry find the same order). */
const acceptedAnswer = (error: ProjectionLagError, locale: Locale): AcceptedBody => ({
  data: { id: error.orderId },
  message: renderMessage(message('order.accepted'), locale),
});

/** A handler that may answer an unknown path (the web app's own routes); null lets the 404 through. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

const routeNotFound = (request: FastifyRequest): Failure =>
  failure(404, 'not_found', message('http.routeNotFound', { method: request.method, path: request.url.split('?')[0] ?? '' }));

/** Every failure answers `{ status, code, message, errors }` in the request's language. */
export function installErrorHandling(app: FastifyInstance, pageFallback: PageFallback | null = null): void {
  app.setErrorHandler((error, request, reply) => {
    const locale = requestLocale(request);
    // The change is stored; only the read tables have not caught up: that is a success to report.
    if (error instanceof ProjectionLagError) return reply.code(202).send(acceptedAnswer(error, locale));
    const failed = toFailure(error);
    if (failed.status === 503) {
      request.log.warn({ err: safeError(error) }, 'service unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (failed.status >= 500) request.log.error({ err: safeError(error) }, 'request failed');
    return reply.code(failed.status).send(renderFailure(failed, locale));
  });
  app.setNotFoundHandler(
    (request, reply) =>
      pageFallback?.(request, reply) ?? reply.code(404).send(renderFailure(routeNotFound(request), requestLocale(request))),
  );
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConcurrencyError, EventStoreTimeoutError, EventStoreUnavailableError } from '../../../eventstore/port.js';
import { isDatabaseUnavailable } from '../../../eventstore/postgres/index.js';
import { OrderCommandRefused, refusalMessage, type RefusalReason } from '../../domain/index.js';
import { ProjectionLagError } from '../../projections/projection-runner.js';
import { HttpError } from './errors.js';
import { isMalformedMultipart } from './malformed-multipart.js';
import { safeError } from './safe-error.js';

interface Failure {
  readonly status: number;
  readonly message: string;
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

const REFUSAL_STATUS: Partial<Record<RefusalReason, number>> = {
  no_order: 404,
  not_owner: 404,
  actor_not_allowed: 403,
  not_allowed_in_status: 409,
  final_status: 409,
  order_exists: 409,
  payment_already_recorded: 409,
  deadline_passed: 409,
  upload_link_inactive: 404,
  upload_link_unchanged: 409,
  rule_failed: 409,
};

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
};

const MULTIPART_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: '单个文件不能超过 15MB',
  FST_FILES_LIMIT: '每次最多上传 80 个文件',
  FST_PARTS_LIMIT: '上传内容过多',
  FST_FIELDS_LIMIT: '上传内容过多',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
};

/** Fastify's own refusals of a request, whose English messages never reach the client. */
const REQUEST_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容不能为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
};

function fromRefusal(error: OrderCommandRefused): Failure {
  const message = refusalMessage(error);
  const field = REFUSAL_FIELD[error.reason];
  // Confirming too early names every field still missing, so the form can point at each.
  const missing = error.reason === 'details_incomplete' ? [error.details.missing ?? []].flat() : [];
  const errors = field ? { [field]: [message] } : Object.fromEntries(missing.map((name) => [name, [message]]));
  return { status: REFUSAL_STATUS[error.reason] ?? 422, message, errors };
}

function fromValidation(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): Failure {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(issue.message ?? '输入无效');
  }
  const first = Object.values(errors)[0]?.[0] ?? '输入无效';
  return { status: 422, message: first, errors };
}

export const UNAVAILABLE_MESSAGE = '服务暂时不可用，请稍后重试';
/** What a 503 tells clients to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Maps every error to `{ status, message, errors }`; a 5xx never carries internals. */
export function toFailure(error: unknown): Failure {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, errors: error.errors };
  if (error instanceof OrderCommandRefused) return fromRefusal(error);
  if (error instanceof ConcurrencyError) return { status: 409, message: '订单已被更新，请刷新后重试', errors: {} };
  if (error instanceof EventStoreTimeoutError) return { status: 503, message: '服务繁忙，请稍后重试', errors: {} };
  if (error instanceof EventStoreUnavailableError || isDatabaseUnavailable(error)) {
    return { status: 503, message: UNAVAILABLE_MESSAGE, errors: {} };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) return fromValidation(fastifyError);
  const code = fastifyError?.code;
  if (code && MULTIPART_MESSAGES[code]) return { status: fastifyError.statusCode ?? 413, message: MULTIPART_MESSAGES[code]!, errors: {} };
  if (isMalformedMultipart(error)) return { status: 400, message: '上传内容格式不正确', errors: {} };
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      (code && REQUEST_MESSAGES[code]) ?? (status === 429 ? '请求过于频繁，请稍后再试' : status === 413 ? '请求内容过大' : '请求无效');
    return { status, message, errors: {} };
  }
  return { status: 500, message: '服务器内部错误', errors: {} };
}

/** 202: stored, not yet readable. The id lets the client go on (and a retry find the same order). */
const acceptedAnswer = (error: ProjectionLagError) => ({
  data: { id: error.orderId },
  message: '操作已保存，稍后即可看到最新状态',
});

/** A handler that may answer an unknown path (the web app's own routes); null lets the 404 through. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

export function installErrorHandling(app: FastifyInstance, pageFallback: PageFallback | null = null): void {
  app.setErrorHandler((error, request, reply) => {
    // The change is stored; only the read tables have not caught up: that is a success to report.
    if (error instanceof ProjectionLagError) return reply.code(202).send(acceptedAnswer(error));
    const failure = toFailure(error);
    if (failure.status === 503) {
      request.log.warn({ err: safeError(error) }, 'service unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (failure.status >= 500) request.log.error({ err: safeError(error) }, 'request failed');
    return reply.code(failure.status).send(failure);
  });
  app.setNotFoundHandler(
    (request, reply) =>
      pageFallback?.(request, reply) ??
      reply.code(404).send({ status: 404, message: `找不到 ${request.method} ${request.url.split('?')[0]}`, errors: {} }),
  );
}

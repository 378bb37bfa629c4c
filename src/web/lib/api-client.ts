import { safeParse } from 'zod/v4/core';
import { pathOf, type BodyOf, type DataOf, type Endpoint } from '../../domain/contract/endpoint.js';
import type { ErrorBody } from '../../domain/contract/envelope.js';
import { sessionEndpoints } from '../../domain/contract/endpoints/session.js';
import { isErrorCode, type ErrorCode } from '../../domain/contract/error-codes.js';
import { commonMessages } from '../i18n/common-messages.js';
import { storedLocale, translateNow } from '../i18n/i18n.js';
import { clearStoredSession, readStoredSession } from './session.js';

/** A failed call: the server's `{status, code, message, errors}` (DESIGN.md section 5, contract/envelope.ts). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Readonly<Record<string, readonly string[]>> = {},
    /** What went wrong, for code to decide on (contract/error-codes.ts); null when the answer named none (the network, a proxy). */
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
  }
  /** The errors' texts, for the red alert and the error toast (the server wrote them in the chosen language). */
  get texts(): string[] {
    const all = Object.values(this.errors).flat();
    return all.length > 0 ? [...new Set(all)] : [this.message];
  }
}

/**
 * A 401 anywhere ends the session and goes to /login with a redirect back (SPEC.md section 4,
 * "Session"); set by the app so the client needs no router.
 */
let onUnauthorized: (redirect: string) => void = (redirect) => {
  window.location.assign(`/login?redirect=${encodeURIComponent(redirect)}`);
};
export const setUnauthorizedHandler = (handler: (redirect: string) => void) => {
  onUnauthorized = handler;
};

/** The browser's own failure texts, in the chosen language (the server's come translated by the server). */
export const networkFailure = () => new ApiError(0, translateNow(commonMessages, 'error.network'));
export const httpFailureText = (status: number) => translateNow(commonMessages, 'error.http', { status });

/** A failed answer as an ApiError; its body is read with care, since a proxy in between may answer anything. */
export function failureOf(status: number, body: Partial<ErrorBody> | null): ApiError {
  const code = body?.code;
  return new ApiError(
    body?.status ?? status,
    body?.message ?? httpFailureText(status),
    body?.errors ?? {},
    isErrorCode(code) ? code : null,
  );
}

/** An answer's `data` (still unchecked); a failure, or a 401 that ends the session, is thrown. */
async function dataIn(response: Response): Promise<unknown> {
  const body = (await response.json().catch(() => null)) as ({ data?: unknown } & Partial<ErrorBody>) | null;
  if (response.ok && body && 'data' in body) return body.data;
  if (response.status === 401) {
    clearStoredSession();
    onUnauthorized(window.location.pathname + window.location.search);
  }
  throw failureOf(response.status, body);
}

const hasTexts = (value: unknown, fields: readonly string[]): boolean =>
  typeof value === 'object' && value !== null && fields.every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

/**
 * A 202's `data`: a command stored but not shown yet (`{ id }`), or for a proposal also the change
 * waiting for a second admin (`{ approval_id, message }`). Checked by hand: a zod schema here would
 * be built on every page's first load (the entry chunk), for two shapes of strings.
 */
const isAccepted = (answers: 'command' | 'proposal', data: unknown): boolean =>
  hasTexts(data, ['id']) || (answers === 'proposal' && hasTexts(data, ['approval_id', 'message']));

/** An answer outside the contract (a server newer or older than this page, or a proxy): logged, and an ApiError saying so. */
function contractFailure(target: Endpoint, status: number, issues: unknown): ApiError {
  const where = `${target.method} ${target.path}`;
  console.error(`${where} answered outside its contract`, issues);
  return new ApiError(status, translateNow(commonMessages, 'error.contract', { path: where }), {}, null);
}

/** A successful answer's `data`, parsed with the endpoint's schema (never cast). */
export function parsedData<E extends Endpoint>(target: E, status: number, data: unknown): DataOf<E> {
  const answers = target.answers ?? 'query';
  if (status === 202 && (answers === 'command' || answers === 'proposal')) {
    if (isAccepted(answers, data)) return data as DataOf<E>;
    throw contractFailure(target, status, data);
  }
  if (!target.data) return data as DataOf<E>;
  const parsed = safeParse(target.data, data);
  if (parsed.success) return parsed.data as DataOf<E>;
  throw contractFailure(target, status, parsed.error.issues);
}

/**
 * The URL of an endpoint (`src/domain/contract/endpoints`), its path parameters filled in and its
 * query appended: for downloads and links, which are not JSON calls.
 */
export function urlOf(
  target: Endpoint,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, string>> = {},
): string {
  const search = new URLSearchParams(query).toString();
  return pathOf(target, params) + (search ? `?${search}` : '');
}

/** The headers of every call: the chosen language (the server answers its messages in it) and the bearer token when signed in. */
export function apiHeaders(): Record<string, string> {
  const { token } = readStoredSession();
  return { 'accept-language': storedLocale(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

async function send(target: Endpoint, url: string, body: unknown, token?: string): Promise<Response> {
  try {
    return await fetch(url, {
      method: target.method,
      // A GET carries no body (fetch refuses one): its question is its path.
      ...(target.method === 'GET'
        ? { headers: { ...apiHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) } }
        : {
            headers: { 'content-type': 'application/json', ...apiHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body ?? {}),
          }),
    });
  } catch {
    throw networkFailure();
  }
}

/**
 * Calls a JSON endpoint of the map with its body, with the bearer token when signed in (or `token`,
 * for a session not stored yet; `url`, for a list's next page); resolves to its `data`, parsed with
 * the endpoint's schema.
 */
export async function call<E extends Endpoint>(
  target: E,
  body?: BodyOf<E>,
  options: { token?: string; url?: string } = {},
): Promise<DataOf<E>> {
  const response = await send(target, options.url ?? pathOf(target), body, options.token);
  return parsedData(target, response.status, await dataIn(response));
}

/** Calls a paged endpoint (`answers: 'page'`): its `data`, parsed, and `next`, the cursor of the page after it (null: the last). */
export async function callPage<E extends Endpoint & { answers: 'page' }>(
  target: E,
  body?: BodyOf<E>,
): Promise<{ data: DataOf<E>; next: string | null }> {
  const response = await send(target, pathOf(target), body);
  const next = await response
    .clone()
    .json()
    .then((answer: { next?: unknown } | null) => (typeof answer?.next === 'string' ? answer.next : null))
    .catch(() => null);
  return { data: parsedData(target, response.status, await dataIn(response)), next };
}

/**
 * Ends this session (or, `everywhere`, every session of the user) on the server. Never throws and
 * never takes the 401 path: the local session is cleared after it anyway, whether the server was
 * reached or not.
 */
export async function endSessionOnServer(everywhere: boolean): Promise<void> {
  if (!readStoredSession().token) return;
  await send(sessionEndpoints.logout, pathOf(sessionEndpoints.logout), { everywhere }).catch(() => undefined);
}

/**
 * Uploads a multipart form to an upload endpoint, with per-request progress (fetch has no upload
 * progress; XHR does); resolves to its `data`, parsed with the endpoint's schema. Aborting `signal`
 * stops the request and fails the promise with an AbortError, as fetch does.
 */
export function upload<E extends Endpoint & { kind: 'multipart' }>(
  target: E,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<DataOf<E>> {
  return new Promise<DataOf<E>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => {
      xhr.abort();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.open(target.method, pathOf(target));
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onerror = () => reject(networkFailure());
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      dataIn(response)
        .then((data) => parsedData(target, xhr.status, data))
        .then(resolve, reject);
    };
    xhr.send(form);
  });
}

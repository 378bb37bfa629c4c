import type { ErrorBody } from '../../domain/contract/envelope.js';
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

async function parse<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as ({ data?: T } & Partial<ErrorBody>) | null;
  if (response.ok && body && 'data' in body) return body.data as T;
  if (response.status === 401) {
    clearStoredSession();
    onUnauthorized(window.location.pathname + window.location.search);
  }
  throw failureOf(response.status, body);
}

/** The headers of every call: the chosen language (the server answers its messages in it) and the bearer token when signed in. */
export function apiHeaders(): Record<string, string> {
  const { token } = readStoredSession();
  return { 'accept-language': storedLocale(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/**
 * POST JSON to /api/v1/…, with the bearer token when signed in (or `token`, for a session not
 * stored yet); resolves to `data`.
 */
export async function post<T>(path: string, body: unknown = {}, token?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...apiHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw networkFailure();
  }
  return parse<T>(response);
}

/**
 * POST /api/v1/auth/logout: ends this session (or, `everywhere`, every session of the user) on the
 * server. Never throws and never takes the 401 path: the local session is cleared after it anyway,
 * whether the server was reached or not.
 */
export async function endSessionOnServer(everywhere: boolean): Promise<void> {
  if (!readStoredSession().token) return;
  await fetch('/api/v1/auth/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...apiHeaders() },
    body: JSON.stringify({ everywhere }),
  }).catch(() => undefined);
}

/**
 * Multipart upload with per-request progress (fetch has no upload progress; XHR does). Aborting
 * `signal` stops the request and fails the promise with an AbortError, as fetch does.
 */
export function upload<T>(path: string, form: FormData, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => {
      xhr.abort();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.open('POST', `/api/v1${path}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onerror = () => reject(networkFailure());
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      parse<T>(response).then(resolve, reject);
    };
    xhr.send(form);
  });
}

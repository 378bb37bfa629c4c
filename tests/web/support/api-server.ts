import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ErrorBody } from '../../../src/domain/contract/envelope.js';
import type { ErrorCode } from '../../../src/domain/contract/error-codes.js';

/**
 * The API as the web tests see it: an MSW server in front of fetch and XMLHttpRequest (started by
 * tests/web/support/msw-setup.ts), answering POST /api/v1/… like the real one (`{data}` on success,
 * the contract's ErrorBody `{status, code, message, errors}` with that status on failure) and
 * recording every call it receives.
 */

/** One call the page made, as the server received it. */
export interface Call {
  /** Without '/api/v1'. */
  readonly path: string;
  /** The JSON body, or an upload's multipart fields (a file part by its file name). */
  readonly body: Record<string, unknown>;
  readonly authorization: string | null;
  /** The language the page asked the server to answer in. */
  readonly acceptLanguage: string | null;
  /** An upload's multipart body as sent, for its files (JSON calls have none). */
  readonly form?: FormData;
}

/** A failed answer, as the API gives it (contract/envelope.ts ErrorBody); the code is what pages decide on. */
export interface Failure extends ErrorBody {
  readonly failure: true;
}

/** The code the API gives most failures of a status, for tests that do not name one. */
function usualCode(status: number): ErrorCode {
  if (status >= 500) return 'internal_error';
  const usual: Partial<Record<number, ErrorCode>> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 422: 'validation_failed' };
  return usual[status] ?? 'bad_request';
}

export const fail = (
  status: number,
  message: string,
  errors: Record<string, string[]> = {},
  code: ErrorCode = usualCode(status),
): Failure => ({
  failure: true,
  status,
  code,
  message,
  errors,
});
const isFailure = (value: unknown): value is Failure => typeof value === 'object' && value !== null && (value as Failure).failure === true;

/** A 202 answer `{data}`: a change the server took as a proposal (four eyes) rather than applied. */
export interface Accepted {
  readonly accepted: true;
  readonly data: unknown;
}
export const accepted = (data: unknown): Accepted => ({ accepted: true, data });
const isAccepted = (value: unknown): value is Accepted =>
  typeof value === 'object' && value !== null && (value as Accepted).accepted === true;

/** A page of a list answered as `{data, next}` (an endpoint with `answers: 'page'`): the rows and the cursor of the page after them. */
export interface Paged {
  readonly paged: true;
  readonly data: unknown;
  readonly next: string | null;
}
export const paged = (data: unknown, next: string | null): Paged => ({ paged: true, data, next });
const isPaged = (value: unknown): value is Paged => typeof value === 'object' && value !== null && (value as Paged).paged === true;

/** What a route answers to a call: the `data` of a success, a Paged one, an Accepted (202) or a Failure, or a promise of one. */
export type Resolver = (body: Record<string, unknown>, call: Call) => unknown;

const calls: Call[] = [];

/** Every call of the running test, in order (forgotten after each test). */
export const recordedCalls = (): readonly Call[] => calls;
export const callsTo = (path: string): Call[] => calls.filter((call) => call.path === path);
export const forgetCalls = (): void => {
  calls.length = 0;
};

async function callOf(request: Request): Promise<Call> {
  const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
  const authorization = request.headers.get('authorization');
  const acceptLanguage = request.headers.get('accept-language');
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const body: Record<string, unknown> = {};
    form.forEach((value, name) => {
      body[name] = typeof value === 'string' ? value : value.name;
    });
    return { path, body, authorization, acceptLanguage, form };
  }
  const text = await request.text();
  return { path, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, authorization, acceptLanguage };
}

const answer = (result: unknown) =>
  isFailure(result)
    ? HttpResponse.json({ status: result.status, code: result.code, message: result.message, errors: result.errors } satisfies ErrorBody, {
        status: result.status,
      })
    : isAccepted(result)
      ? HttpResponse.json({ data: result.data }, { status: 202 })
      : isPaged(result)
        ? HttpResponse.json({ data: result.data, next: result.next })
        : HttpResponse.json({ data: result ?? null });

/** POST /api/v1{path} (or `GET {path}`): recorded, then answered with what `resolve` gives. */
export function route(path: string, resolve: Resolver): HttpHandler {
  // 'GET /notifications/unread' serves a GET; a bare path, as most calls are, a POST.
  const [method, bare] = path.startsWith('GET ') ? (['get', path.slice(4)] as const) : (['post', path] as const);
  return http[method](`/api/v1${bare}`, async ({ request }) => {
    const call = await callOf(request);
    calls.push(call);
    return answer(await resolve(call.body, call));
  });
}

/** Any API path no test serves answers 404, as the real API does for an unknown route. */
const unknownPath = http.all('/api/v1/*', async ({ request }) => {
  const call = await callOf(request);
  calls.push(call);
  return answer(fail(404, `nothing serves ${call.path}`));
});

export const server = setupServer(unknownPath);

/** Serves these paths for the running test (over any served before); returns the test's calls. */
export function serveApi(routes: Record<string, Resolver>): readonly Call[] {
  server.use(...Object.entries(routes).map(([path, resolve]) => route(path, resolve)));
  return calls;
}

/** Never answers: for the states seen while a call is under way. */
export const pending = (): Promise<never> => new Promise<never>(() => undefined);

/** A call held until the test answers it. */
export interface HeldCall {
  readonly call: Call;
  answer(result: unknown): void;
}

/** A resolver that holds every call until the test answers it, and the calls it holds, in order. */
export function holdCalls(): { readonly resolve: Resolver; readonly held: readonly HeldCall[] } {
  const held: HeldCall[] = [];
  const resolve: Resolver = (_body, call) => new Promise((settle) => held.push({ call, answer: settle }));
  return { resolve, held };
}

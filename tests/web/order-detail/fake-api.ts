import { vi } from 'vitest';
import type { ErrorCode } from '../../../src/domain/contract/error-codes.js';

/** One call the page made, as the server would have seen it. */
export interface Call {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

export type Answer = { status?: number; body: unknown };
type Handler = (body: Record<string, unknown>) => Answer | Promise<Answer>;

/** An upload the page sent through XMLHttpRequest, answered by the test when it wants. */
export interface PendingUpload {
  readonly path: string;
  readonly form: FormData;
  progress(percent: number): void;
  respond(answer: Answer): void;
}

export const ok = (data: unknown): Answer => ({ body: { data } });
/** A failure as the API answers it (contract/envelope.ts ErrorBody); the code is what the page decides on. */
export const fail = (status: number, message: string, errors: Record<string, string[]> = {}, code: ErrorCode = 'bad_request'): Answer => ({
  status,
  body: { status, code, message, errors },
});

/**
 * Stubs fetch and XMLHttpRequest so that /api/v1/… answers like the API: JSON `{data}` on
 * success, `{status, message, errors}` on failure. Uploads are answered by `onUpload` at once,
 * or held for the test when `holdUploads` is set.
 */
export function fakeApi(handlers: Record<string, Handler>, options: { onUpload?: (path: string, form: FormData) => Answer; holdUploads?: boolean } = {}) {
  const calls: Call[] = [];
  const uploads: PendingUpload[] = [];

  const answerOf = async (path: string, body: Record<string, unknown>): Promise<Answer> => {
    const handler = handlers[path];
    return handler ? handler(body) : fail(404, `no fake for ${path}`);
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\/v1/, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const answer = await answerOf(path, body);
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );

  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private path = '';
    open(_method: string, url: string) {
      this.path = url.replace(/^\/api\/v1/, '');
    }
    setRequestHeader() {}
    send(form: FormData) {
      const fields: Record<string, unknown> = {};
      form.forEach((value, name) => {
        fields[name] = typeof value === 'string' ? value : value.name;
      });
      calls.push({ path: this.path, body: fields });
      const respond = (answer: Answer) => {
        this.status = answer.status ?? 200;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      };
      const progress = (percent: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 } as ProgressEvent);
      if (options.holdUploads) uploads.push({ path: this.path, form, progress, respond });
      else queueMicrotask(() => respond(options.onUpload ? options.onUpload(this.path, form) : fail(500, 'no upload fake')));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    calls,
    uploads,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

let nextUid = 1;
/** What the server answers to an upload: one stored entry per file part. */
export function storedFiles(form: FormData) {
  const files = form.getAll('file').map((file) => {
    const uid = `uid-${nextUid++}`;
    return { uid, name: (file as File).name, status: 'done', url: `/api/v1/files/${uid}` };
  });
  return { file_url: files[0]?.url ?? '', files };
}

/** A File whose size says what the test needs without allocating it. */
export function fileOfSize(name: string, bytes: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

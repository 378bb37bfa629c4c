// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, post } from '../../../src/web/lib/api-client.js';

/** Records the headers of each call and answers with the given status and body. */
function answerWith(status: number, body: unknown) {
  const headers: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      headers.push(new Headers(init.headers));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return headers;
}

const failureOf = async (call: Promise<unknown>): Promise<ApiError> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
};

describe('the API client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the chosen language (Chinese until one is chosen), so the server answers its messages in it', async () => {
    const headers = answerWith(200, { data: 'ok' });
    await post('/public/findNotice');
    localStorage.setItem('locale', 'de-DE');
    await post('/public/findNotice');
    expect(headers.map((sent) => sent.get('accept-language'))).toEqual(['zh-CN', 'de-DE']);
  });

  it("reads a failure's code, message and field errors", async () => {
    answerWith(409, { status: 409, code: 'order_refused.final_status', message: 'The order has ended', errors: {} });
    const error = await failureOf(post('/step/order/cancel', { id: 'o1' }));
    expect(error).toMatchObject({ status: 409, code: 'order_refused.final_status', message: 'The order has ended' });
  });

  it('takes no code it does not know, nor one from an answer without a body (a proxy)', async () => {
    answerWith(422, { status: 422, code: 'something_new', message: 'x', errors: { id: ['y'] } });
    expect(await failureOf(post('/step/order/find', { id: 'o1' }))).toMatchObject({ code: null, texts: ['y'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await failureOf(post('/step/order/find', { id: 'o1' }))).toMatchObject({ status: 502, code: null, message: '请求失败 (502)' });
  });
});

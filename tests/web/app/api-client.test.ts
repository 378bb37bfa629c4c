// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicEndpoints } from '../../../src/domain/contract/endpoints/public.js';
import { stepEndpoints } from '../../../src/domain/contract/endpoints/step.js';
import { manageEndpoints } from '../../../src/domain/contract/endpoints/manage.js';
import { ApiError, call } from '../../../src/web/lib/api-client.js';

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
    await call(publicEndpoints.findNotice);
    localStorage.setItem('locale', 'de-DE');
    await call(publicEndpoints.findNotice);
    expect(headers.map((sent) => sent.get('accept-language'))).toEqual(['zh-CN', 'de-DE']);
  });

  it("reads a failure's code, message and field errors", async () => {
    answerWith(409, { status: 409, code: 'order_refused.final_status', message: 'The order has ended', errors: {} });
    const error = await failureOf(call(stepEndpoints.cancelOrder, { id: 'o1' }));
    expect(error).toMatchObject({ status: 409, code: 'order_refused.final_status', message: 'The order has ended' });
  });

  it('takes no code it does not know, nor one from an answer without a body (a proxy)', async () => {
    answerWith(422, { status: 422, code: 'something_new', message: 'x', errors: { id: ['y'] } });
    expect(await failureOf(call(stepEndpoints.findOrder, { id: 'o1' }))).toMatchObject({ code: null, texts: ['y'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await failureOf(call(stepEndpoints.findOrder, { id: 'o1' }))).toMatchObject({
      status: 502,
      code: null,
      message: '请求失败 (502)',
    });
  });

  it("parses the answer with the endpoint's schema: what it does not declare is a failure, logged", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerWith(200, { data: { rate: 7.8 } });
    const error = await failureOf(call(publicEndpoints.findRate, { currency: 'EUR' }));
    expect(error).toMatchObject({ status: 200, code: null });
    expect(error.message).toContain('POST /api/v1/public/findRate');
    expect(logged).toHaveBeenCalledWith('POST /api/v1/public/findRate answered outside its contract', expect.any(Array));
    answerWith(200, { data: '7.85' });
    await expect(call(publicEndpoints.findRate, { currency: 'EUR' })).resolves.toBe('7.85');
    logged.mockRestore();
  });

  it("takes a command's 202 (stored, not shown yet) as its id, and a proposal's as the approval", async () => {
    answerWith(202, { data: { id: 'o1' }, message: 'stored' });
    await expect(call(stepEndpoints.cancelOrder, { id: 'o1' })).resolves.toEqual({ id: 'o1' });
    answerWith(202, { data: { approval_id: 'a1', message: 'submitted' } });
    await expect(call(manageEndpoints.updateMarkups, {} as never)).resolves.toEqual({ approval_id: 'a1', message: 'submitted' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerWith(202, { data: { approval: 1 } });
    await expect(failureOf(call(manageEndpoints.updateMarkups, {} as never))).resolves.toBeInstanceOf(ApiError);
  });
});

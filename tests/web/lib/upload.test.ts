// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError, upload } from '../../../src/web/lib/api-client.js';
import { fail, holdCalls, serveApi } from '../support/api-server.js';

const formWith = (name: string) => {
  const form = new FormData();
  form.append('id', 'o1');
  form.append('file', new File(['%PDF-1.4'], name, { type: 'application/pdf' }), name);
  return form;
};

describe('upload', () => {
  it('sends the multipart body with the bearer token and the chosen language, and resolves to the data', async () => {
    localStorage.setItem('locale', 'de-DE');
    localStorage.setItem('access_token', 'token-9');
    localStorage.setItem('user', JSON.stringify({ id: 9, name: 'p', email: null, group: 0 }));
    const calls = serveApi({ '/step/order/upload': (_body, call) => ({ name: (call.form?.get('file') as File).name }) });
    const percents: number[] = [];
    await expect(upload('/step/order/upload', formWith('a.pdf'), (percent) => percents.push(percent))).resolves.toEqual({ name: 'a.pdf' });
    expect(calls[0]).toMatchObject({
      path: '/step/order/upload',
      body: { id: 'o1', file: 'a.pdf' },
      authorization: 'Bearer token-9',
      acceptLanguage: 'de-DE',
    });
    expect(percents.at(-1)).toBe(100);
    localStorage.clear();
  });

  it("fails with the answer's code, message and field errors", async () => {
    serveApi({
      '/step/order/upload': () => fail(422, 'Unsupported file type', { file: ['Only PDF, JPG, PNG or ZIP'] }, 'unsupported_file_type'),
    });
    const sent = upload('/step/order/upload', formWith('d.exe'), () => undefined);
    await expect(sent).rejects.toBeInstanceOf(ApiError);
    await expect(sent).rejects.toMatchObject({ status: 422, code: 'unsupported_file_type', texts: ['Only PDF, JPG, PNG or ZIP'] });
  });

  it('stops when its signal is aborted, failing with an AbortError as fetch does', async () => {
    const { resolve, held } = holdCalls();
    serveApi({ '/step/order/upload': resolve });
    const controller = new AbortController();
    const sent = upload('/step/order/upload', formWith('b.pdf'), () => undefined, controller.signal);
    await expect.poll(() => held.length).toBe(1);
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not start once its signal is aborted', async () => {
    const calls = serveApi({});
    const controller = new AbortController();
    controller.abort();
    await expect(upload('/step/order/upload', formWith('c.pdf'), () => undefined, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toHaveLength(0);
  });
});

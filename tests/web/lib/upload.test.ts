// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { stepEndpoints } from '../../../src/domain/contract/endpoints/step.js';
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
    const stored = (name: string) => ({ file_url: `/files/${name}`, files: [{ uid: 'f1', name, status: 'done', url: `/files/${name}` }] });
    const calls = serveApi({ '/step/order/upload': (_body, call) => stored((call.form?.get('file') as File).name) });
    const percents: number[] = [];
    await expect(upload(stepEndpoints.uploadFiles, formWith('a.pdf'), (percent) => percents.push(percent))).resolves.toEqual(
      stored('a.pdf'),
    );
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
    const sent = upload(stepEndpoints.uploadFiles, formWith('d.exe'), () => undefined);
    await expect(sent).rejects.toBeInstanceOf(ApiError);
    await expect(sent).rejects.toMatchObject({ status: 422, code: 'unsupported_file_type', texts: ['Only PDF, JPG, PNG or ZIP'] });
  });

  it('fails, saying so, when the answer is not what the endpoint declares', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi({ '/step/order/upload': () => ({ name: 'a.pdf' }) });
    await expect(upload(stepEndpoints.uploadFiles, formWith('a.pdf'), () => undefined)).rejects.toMatchObject({
      message: expect.stringContaining('/api/v1/step/order/upload'),
    });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('stops when its signal is aborted, failing with an AbortError as fetch does', async () => {
    const { resolve, held } = holdCalls();
    serveApi({ '/step/order/upload': resolve });
    const controller = new AbortController();
    const sent = upload(stepEndpoints.uploadFiles, formWith('b.pdf'), () => undefined, controller.signal);
    await expect.poll(() => held.length).toBe(1);
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not start once its signal is aborted', async () => {
    const calls = serveApi({});
    const controller = new AbortController();
    controller.abort();
    await expect(upload(stepEndpoints.uploadFiles, formWith('c.pdf'), () => undefined, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toHaveLength(0);
  });
});

import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetCalls, server } from './api-server.js';

// MSW hands each request to Node's fetch classes, which read a jsdom File inside a multipart body
// as the text "[object File]". With Node's FormData, File and Blob the pages build uploads the
// server side can read (jsdom's XMLHttpRequest never sees them: MSW answers first).
const JsdomFormData = globalThis.FormData;
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;

/** Node's FormData, which can also be built from a form element, as React does on a submit. */
class FormDataOfForms extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    new JsdomFormData(form, submitter).forEach((value, name) => typeof value === 'string' && this.append(name, value));
  }
}
Object.assign(globalThis, { FormData: FormDataOfForms, File: NodeFile, Blob: NodeBlob });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetCalls();
});
afterAll(() => server.close());

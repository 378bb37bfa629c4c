import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_TAGS, installApiDocs, tagOf } from '../../src/api/http/api-docs.js';

/** The OpenAPI sections: one central rule by path prefix, which a route may override with its own tags. */
describe('the section of an operation', () => {
  it('comes from the path prefix, or from the route when it names its own', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await installApiDocs(app);
    const answer = { response: { 200: z.object({ data: z.string() }) } };
    app.post('/api/v1/warehouse/example', { schema: { body: z.object({}), ...answer } }, () => ({ data: 'ok' }));
    app.post('/api/v1/manage/example', { schema: { body: z.object({}), tags: ['Audit'], ...answer } }, () => ({ data: 'ok' }));
    await app.ready();
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(document.paths['/api/v1/warehouse/example'].post.tags).toEqual(['Warehouse']);
    expect(document.paths['/api/v1/manage/example'].post.tags).toEqual(['Audit']);
    await app.close();
  });

  it('names a declared section for every area of the API', () => {
    const declared = API_TAGS.map((tag) => tag.name as string);
    for (const url of [
      '/api/v1/auth/login',
      '/api/v1/public/findRate',
      '/api/v1/step/amount/create',
      '/api/v1/step/order/upload',
      '/api/v1/step/order/makeGoallPayLink',
      '/api/v1/public/upload/find',
      '/api/v1/manage/orders',
      '/api/v1/manage/approvals/approve',
      '/api/v1/gic/updateFile',
      '/api/v1/audit/verify',
      '/api/v1/warehouse/in',
      '/api/v1/logistics/waybill/find',
      '/api/v1/partners/orders',
      '/api/v1/webhooks/bank',
      '/sandbox/checkout/:ref',
      '/healthz',
    ])
      expect(declared, url).toContain(tagOf(url));
  });
});

import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Where the browsable documentation is served (its JSON at `${DOCS_PREFIX}/json`). */
export const DOCS_PREFIX = '/docs';

/** Sections of the document, by path (the first that matches). */
const TAGS: readonly (readonly [prefix: string, tag: string])[] = [
  ['/api/v1/auth/', 'Account'],
  ['/api/v1/public/upload/', 'Upload link'],
  ['/api/v1/public/', 'Public'],
  ['/api/v1/step/order/upload', 'Documents'],
  ['/api/v1/step/order/updateFile', 'Documents'],
  ['/api/v1/step/order/finishUpload', 'Documents'],
  ['/api/v1/files/', 'Documents'],
  ['/api/v1/step/order/make', 'Payments'],
  ['/api/v1/step/', 'Order steps'],
  ['/api/v1/webhooks/', 'Webhooks'],
  ['/sandbox/', 'Sandbox checkout'],
];

const DESCRIPTION = [
  'The payer-facing API of SPEC.md section 7. Calls are POST with JSON unless shown otherwise.',
  'Signed-in calls send `Authorization: Bearer <access_token>` (from login, register or WeChat login).',
  'Success is `{ data }`; a command whose read row is not visible yet answers 202 `{ data: { id }, message }`.',
  'Every failure is `{ status, code, message, errors }`: decide on `code`; `message` and `errors` follow',
  '`Accept-Language` (zh-CN by default, en-US, de-DE).',
].join(' ');

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];

/** fastify-type-provider-zod's transform (zod → JSON Schema), plus the route's section. */
function transform(document: RouteDocument) {
  const transformed = jsonSchemaTransform(document);
  const tag = TAGS.find(([prefix]) => document.url.startsWith(prefix))?.[1];
  return tag && transformed.schema ? { ...transformed, schema: { ...transformed.schema, tags: [tag] } } : transformed;
}

/**
 * The OpenAPI document, generated from the routes' zod schemas, and a browsable UI at /docs.
 * Registered before the routes (it collects them as they are added); outside production only.
 * The UI loads only its own files, so the app's Content-Security-Policy covers it unchanged
 * (security-headers.ts).
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      // The version of the /api/v1 contract.
      info: { title: 'Overseas payments API', version: '1.0.0', description: DESCRIPTION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}

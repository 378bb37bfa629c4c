import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ERROR_CODES, errorCodeAbout, errorStatus, type ErrorCode } from '../../domain/index.js';

/** Where the browsable documentation is served (its JSON at `${DOCS_PREFIX}/json`). */
export const DOCS_PREFIX = '/docs';

/** The document's sections: every operation belongs to one (see `tagOf`). */
export const API_TAGS = [
  { name: 'Account', description: 'Register, sign in (email or WeChat), reset a password, sign out, and the staff second factor.' },
  {
    name: 'Public',
    description: 'What a visitor reads without signing in: institutions, rates, the notice, the WeChat login configuration.',
  },
  {
    name: 'Order steps',
    description:
      "The payer's steps: create an order with its amount, the recipient's account, the payer's details, review and confirm, choose how to pay, cancel.",
  },
  {
    name: 'Documents',
    description: "The payer's documents for the bank's review: upload, rename or remove, finish; and reading a stored file.",
  },
  { name: 'Upload link', description: 'The public upload link an admin switches on: documents for an order without signing in.' },
  { name: 'Payments', description: "Links to the payment provider's checkout." },
  {
    name: 'Webhooks',
    description:
      "Signed calls from the payment provider and the bank (HMAC of the raw body, five minutes' validity, replays answered once).",
  },
  { name: 'Sandbox checkout', description: "The demo's stand-in for a provider's hosted checkout page (not in production unless chosen)." },
  {
    name: 'Back office',
    description:
      'Admins (and auditors, read only, personal data masked): statistics, users, orders and their statuses and files, institutions, markups, the notice, erasure.',
  },
  { name: 'Approvals', description: 'Four eyes: the proposals (payee accounts, markups, role grants) a second admin approves or rejects.' },
  {
    name: 'Audit',
    description:
      "Admins and auditors: an order's verified history, the order as it stood at any event, evidence packs, checkpoints and verification.",
  },
  {
    name: 'Warehouse',
    description: 'Warehouse staff and admins (auditors read): inbound records, goods received, shipments, stock, waybills.',
  },
  { name: 'Partners', description: "A partner's server submits paid orders, signed with the partner secret." },
  {
    name: 'Notifications',
    description:
      "The header's bell: a user's notifications, read marks, the unread count, the payer's choice of mails; failed deliveries for admins.",
  },
  { name: 'System', description: 'Health of the database, the event store and the read tables.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

/** The section of each path, by prefix (the first that matches); a route may name its own `tags` instead. */
const TAG_BY_PREFIX: readonly (readonly [prefix: string, tag: ApiTag])[] = [
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
  ['/api/v1/manage/approvals', 'Approvals'],
  ['/api/v1/manage/notifications/', 'Notifications'],
  ['/api/v1/notifications', 'Notifications'],
  ['/api/v1/manage/', 'Back office'],
  // The partner orders' files, kept at the path the back office has always called.
  ['/api/v1/gic/', 'Back office'],
  ['/api/v1/audit/', 'Audit'],
  ['/api/v1/warehouse/', 'Warehouse'],
  ['/api/v1/logistics/', 'Warehouse'],
  ['/api/v1/partners/', 'Partners'],
  ['/healthz', 'System'],
];

/** The section a path belongs to, when a prefix names one. */
export const tagOf = (url: string): ApiTag | undefined => TAG_BY_PREFIX.find(([prefix]) => url.startsWith(prefix))?.[1];

/** What each answer means, unless its schema says. */
const RESPONSE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  200: 'Success',
  202: 'Stored, not yet readable: go on with data.id and do not send the command again',
  503: 'Unavailable: names the part that is down (see Retry-After)',
  '4xx': 'Refused: decide on `code`; nothing was written',
  '5xx': 'A failure of the server (see Retry-After on 503); no internals',
};

const FAMILIES = ['order_refused', 'zip_refused'] as const;

/** The error codes, one line each; a family (`order_refused.<reason>`) once, with its reasons. */
function errorCodeList(): string {
  const familyOf = (code: ErrorCode) => FAMILIES.find((family) => code.startsWith(`${family}.`));
  const single = ERROR_CODES.filter((code) => !familyOf(code)).map(
    (code) => `- \`${code}\` (${errorStatus(code)}): ${errorCodeAbout(code)}`,
  );
  const families = FAMILIES.map((family) => {
    const members = ERROR_CODES.filter((code) => familyOf(code) === family);
    const reasons = members.map((code) => `\`${code.slice(family.length + 1)}\``).join(', ');
    return `- \`${family}.<reason>\`: ${errorCodeAbout(members[0]!)} Reasons: ${reasons}.`;
  });
  return [...single, ...families].join('\n');
}

const DESCRIPTION = [
  [
    'The API of the overseas payment service: payers pay institutions abroad in their currency by paying CNY at home',
    '(account, public data, order steps, documents, payments); the back office runs orders, institutions, markups and users',
    "with four-eyes approvals; auditors verify every order's history; warehouse staff keep the stock ledger; partners submit",
    'paid orders and the payment provider and the bank send signed webhooks. Calls are POST with JSON unless shown otherwise.',
    'Signed-in calls send `Authorization: Bearer <access_token>` (from login, register or WeChat login).',
    'Success is `{ data }`; a command whose read row is not visible yet answers 202 `{ data: { id }, message }`.',
    'Every failure is `{ status, code, message, errors }`: decide on `code`; `message` and `errors` follow',
    '`Accept-Language` (zh-CN by default, en-US, de-DE).',
  ].join(' '),
  '',
  'Error codes (src/domain/contract/error-codes.ts):',
  '',
  errorCodeList(),
].join('\n');

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

const described = (responses: Readonly<Record<string, JsonSchema>>): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => [status, { description: RESPONSE_DESCRIPTIONS[status] ?? 'Answer', ...schema }]),
  );

/** fastify-type-provider-zod's transform (zod → JSON Schema), plus the route's section and what its answers mean. */
function transform(document: RouteDocument) {
  const transformed = jsonSchemaTransform(document);
  const schema = transformed.schema as JsonSchema | undefined;
  if (!schema || schema['hide']) return transformed;
  const tag = tagOf(document.url);
  const tags = (schema['tags'] as string[] | undefined) ?? (tag ? [tag] : undefined);
  const response = schema['response'] as Record<string, JsonSchema> | undefined;
  return {
    ...transformed,
    schema: { ...schema, ...(tags ? { tags } : {}), ...(response ? { response: described(response) } : {}) },
  };
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

const REF = /"#\/components\/schemas\/([^"]+)"/g;
const refsIn = (value: unknown): string[] => [...JSON.stringify(value ?? null).matchAll(REF)].map((match) => match[1]!);

/** The shared schemas the document's paths reach, directly or through other shared schemas. */
function reachable(paths: unknown, schemas: Readonly<Record<string, unknown>>): Set<string> {
  const reached = new Set<string>();
  const pending = refsIn(paths);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  return reached;
}

/** The shared schemas, without the request-side copies no request uses (zod's registry gives every schema both). */
function transformObject(document: Parameters<typeof jsonSchemaTransformObject>[0]): OpenApiDocument {
  const openapi = jsonSchemaTransformObject(document);
  // A fresh object, built for this document.
  const schemas: Record<string, unknown> | undefined = 'components' in openapi ? openapi.components?.schemas : undefined;
  if (!schemas) return openapi;
  const used = reachable(openapi.paths, schemas);
  for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !used.has(name)) delete schemas[name];
  return openapi;
}

/**
 * The OpenAPI document, generated from the routes' zod schemas, and a browsable UI at /docs.
 * Registered before the routes (it collects them as they are added); outside production only.
 * The UI loads only its own scripts and styles, so it runs under the app's Content-Security-Policy
 * unchanged (security-headers.ts; tests/e2e/docs.e2e.ts watches for violations).
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      // The version of the /api/v1 contract.
      info: { title: 'Overseas payments API', version: '1.0.0', description: DESCRIPTION },
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The standalone layout's top bar only adds a URL field and Swagger's logo, an SVG with an
    // inline <style> that the app's style-src refuses; without it the UI runs under that policy.
    uiConfig: { layout: 'BaseLayout', deepLinking: true },
  });
}

import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../domain/contract/endpoint.js';
import { accessConfig } from '../auth/route-access.js';
import { documentedOnly } from './documented-only.js';
import { answers, commandAnswers, pageAnswers, proposalAnswers } from './responses.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's endpoint the route was registered from (tests check every API route has one). */
    endpoint?: Endpoint;
  }
}

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  ZodTypeProvider
>;

const ANSWERS = { query: answers, command: commandAnswers, proposal: proposalAnswers, page: pageAnswers } as const;

type AnswersOf<E extends Endpoint> =
  E['data'] extends NonNullable<Endpoint['data']>
    ? ReturnType<(typeof ANSWERS)[E['answers'] extends keyof typeof ANSWERS ? E['answers'] : 'query']>
    : undefined;

/** The Fastify schema an endpoint declares: what it takes and, for JSON answers, what it answers. */
export interface SchemaOf<E extends Endpoint> extends FastifySchema {
  body: E['body'];
  querystring: E['query'];
  params: E['params'];
  headers: E['headers'];
  response: AnswersOf<E>;
}

/** A route's handler, its request and answer typed by the endpoint's schemas. */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/**
 * What a route adds to its endpoint: server-only details (rate limits and flags in `config`, an
 * `onRequest` limiter, documented headers, or the documented body and answers of a raw or file
 * endpoint, whose bytes the contract does not describe).
 */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  readonly schema?: FastifySchema;
  readonly config?: Record<string, unknown>;
};

/** Multipart forms and signed raw bodies are read by the handler: their schema documents, it does not validate. */
const readByHandler = (target: Endpoint) => target.kind === 'multipart' || target.kind === 'raw';

function schemaOf(target: Endpoint, extra: FastifySchema | undefined): FastifySchema {
  return {
    ...(target.kind === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    ...(target.body ? { body: target.body } : {}),
    ...(target.query ? { querystring: target.query } : {}),
    ...(target.params ? { params: target.params } : {}),
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.data ? { response: ANSWERS[target.answers ?? 'query'](target.data) } : {}),
    ...extra,
  };
}

/** The endpoint's path inside the plugin it is registered in (Fastify adds the plugin's prefix). */
function urlInside(app: FastifyInstance, target: Endpoint): string {
  if (!target.path.startsWith(app.prefix)) throw new Error(`${target.path} is registered under ${app.prefix}, outside its path`);
  return target.path.slice(app.prefix.length);
}

/**
 * Registers the route of a contract endpoint (`src/domain/contract/endpoints`): its method, path,
 * schemas and access come from the endpoint, the handler and server-only details from here.
 */
export function endpointRoute<E extends Endpoint>(
  app: ZodApp | FastifyInstance,
  target: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { schema, config, ...rest } = extras;
  (app as ZodApp).route({
    ...(readByHandler(target) ? { validatorCompiler: documentedOnly } : {}),
    ...rest,
    method: target.method,
    url: urlInside(app, target),
    schema: schemaOf(target, schema),
    config: { ...config, ...accessConfig(target.access), endpoint: target },
    handler: handler as RouteHandlerMethod,
  });
}

import type { FastifySchemaCompiler } from 'fastify';

/**
 * The validator of a route whose handler reads the request itself: a webhook's raw bytes (the
 * signature covers them exactly, so they are parsed after it is checked) or a multipart form (read
 * as a stream, its fields checked by the handler). The route's schema documents the request in
 * OpenAPI; the values go through untouched.
 */
export const documentedOnly: FastifySchemaCompiler<unknown> = () => (value: unknown) => ({ value });

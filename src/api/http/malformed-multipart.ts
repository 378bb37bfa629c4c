/**
 * How the multipart parser (busboy, inside @fastify/multipart) says it cannot read a body: plain
 * Errors without a code, told apart only by their messages.
 */
const MALFORMED_MULTIPART = [
  // multipart/form-data without a boundary parameter.
  /^Multipart: Boundary not found$/,
  // A boundary longer than the parser searches for (RFC 2046 allows 70 characters).
  /^The needle cannot have a length bigger than \d+\.?$/,
  // The body never has the boundary, or ends before the closing one ...
  /^Unexpected end of multipart data$/,
  // ... in the middle of a part.
  /terminated early due to unexpected end of multipart data$/,
];

/** True for the parser's errors about a body that is not well-formed multipart (a client's mistake). */
export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message));
}

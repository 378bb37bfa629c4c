import type { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import type { Permission } from '../access/roles.js';

/**
 * Who may call an endpoint, as data (the server's `api/auth/route-access.ts` turns it into the
 * route's rule, checked before the body is read):
 * - `public`: anyone, no identity taken;
 * - `identified`: anyone, the user taken from a token when one is sent;
 * - `signedIn`: any signed-in user;
 * - `signed`: a partner's or the bank's server, proven by an HMAC over the raw body (checked by the
 *   handler), so public to the access rule;
 * - `{ allow }`: a signed-in user whose role has one of these permissions; `hide` answers others 404.
 */
export type EndpointAccess =
  'public' | 'identified' | 'signedIn' | 'signed' | { readonly allow: readonly Permission[]; readonly hide?: true };

/**
 * How a JSON endpoint answers besides `{ data }` (the server's `http/responses.ts` sets):
 * `query` only `{ data }`, `command` also 202 (stored, not shown yet), `proposal` also 202 with the
 * proposal a second admin decides, `page` `{ data, next }`: a list's page and the cursor of the
 * page after it (null: the last), beside `data` so callers reading `data` as the list keep working.
 */
export type AnswerKind = 'query' | 'command' | 'proposal' | 'page';

/**
 * What the request carries: JSON (the default), a multipart form (files), or raw bytes the handler
 * reads itself (signed webhooks); a `file` endpoint answers bytes, not `{ data }`.
 */
export type EndpointKind = 'json' | 'multipart' | 'raw' | 'file';

/** One endpoint of the API, declared once: the server registers it, the web calls it. */
export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** The full path, `:name` for a path parameter. */
  readonly path: string;
  readonly access: EndpointAccess;
  readonly kind?: EndpointKind;
  // Any zod schema, full or mini (zod/mini keeps the home route's endpoints light).
  readonly body?: $ZodType;
  readonly query?: $ZodType;
  readonly params?: $ZodType;
  readonly headers?: $ZodType;
  /** The schema of the success answer's `data` (JSON endpoints). */
  readonly data?: $ZodType;
  readonly answers?: AnswerKind;
}

/** Declares an endpoint, keeping its literal types (path, schemas) for the server and the web. */
export const endpoint = <const E extends Endpoint>(declared: E): E => declared;

/** What a call sends: the body's input type, or nothing. */
export type BodyOf<E extends Endpoint> = E['body'] extends $ZodType ? z.input<E['body']> : undefined;
/**
 * What a successful call answers (`data`, parsed): a proposal's id and message when a second admin
 * must approve. (A command's 202 answers `{ id }` only: the callers of commands go on by the order's id.)
 */
export type DataOf<E extends Endpoint> =
  | (E['data'] extends $ZodType ? z.output<E['data']> : unknown)
  | (E['answers'] extends 'proposal' ? { approval_id: string; message: string } : never);

/** The endpoint's path with its parameters filled in (URI-encoded). */
export function pathOf(target: Endpoint, params: Readonly<Record<string, string | number>> = {}): string {
  return target.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${target.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

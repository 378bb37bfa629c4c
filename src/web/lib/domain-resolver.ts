import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from one of the domain's zod schemas. The schema checks what the API
 * call takes, which a form may build from its values (`toPayload`: the order id added, a field the
 * payer does not fill copied from another), so the browser refuses exactly what the server would.
 * Issues come back under the payload's field names, their messages the domain's message keys; a
 * valid form submits the schema's output (trimmed, canonical).
 */
export function domainResolver<V extends FieldValues, P>(
  schema: z.ZodType<P, FieldValues>,
  toPayload: (values: V) => FieldValues,
): Resolver<V, unknown, P> {
  // Synchronous: the domain's schemas have no async checks, and a field's error shows one tick sooner.
  const resolve = zodResolver<FieldValues, unknown, P, z.ZodType<P, FieldValues>>(schema, undefined, { mode: 'sync' });
  return async (values, context, options) => {
    const result = await resolve(toPayload(values), context, options as unknown as ResolverOptions<FieldValues>);
    // The payload's fields are the form's (plus the ones it adds, which have no input to mark).
    return result as unknown as ResolverResult<V, P>;
  };
}

import { z } from 'zod';
import { acceptedBody, dataOf, errorBody, proposalSubmitted } from '../../domain/index.js';

/** Every failure a route can answer (the error handler's body; the serializer checks it too). */
export const failures = { '4xx': errorBody, '5xx': errorBody } as const;

/** A route answering `{ data }`. */
export const answers = <T extends z.core.$ZodType>(data: T) => ({ 200: dataOf(data), ...failures }) as const;

/**
 * A route that runs an order command: besides `{ data }`, 202 when the command is stored but the
 * read tables have not shown it within the wait (the error handler's ProjectionLagError answer).
 */
export const commandAnswers = <T extends z.core.$ZodType>(data: T) => ({ 200: dataOf(data), 202: acceptedBody, ...failures }) as const;

/** A change that may need a second admin (DESIGN.md section 12): 202 is then the proposal's id. */
export const proposalAnswers = <T extends z.core.$ZodType>(data: T) =>
  ({ 200: dataOf(data), 202: z.union([proposalSubmitted, acceptedBody]), ...failures }) as const;

/** A page of a list that answered a bare list before: `data` stays the list, `next` the cursor of the page after it. */
export const pageAnswers = <T extends z.core.$ZodType>(data: T) =>
  ({ 200: z.object({ data, next: z.string().nullable() }), ...failures }) as const;

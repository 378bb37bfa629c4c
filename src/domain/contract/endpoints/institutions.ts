import * as z from 'zod/mini';
import { endpoint } from '../endpoint.js';
import { institutionSummary } from '../institution-summary.js';

/**
 * The institution list the home page shows: apart from the other public endpoints and in zod/mini,
 * so the home route carries only this one.
 */
export const institutionEndpoints = {
  resources: endpoint({
    method: 'POST',
    path: '/api/v1/public/resources',
    access: 'public',
    body: z.nullish(z.object({ options: z.optional(z.boolean()) })),
    data: z.array(institutionSummary),
  }),
};

import * as z from 'zod/mini';

/**
 * One line of the institution list (SPEC.md section 7, "Public": resources). Built with zod/mini:
 * the home page parses it, and the full zod would weigh on the home route's budget.
 */
export const institutionSummary = z
  .object({ id: z.int(), name: z.string(), name_en: z.string(), currency: z.string(), country: z.string() })
  .register(z.globalRegistry, { id: 'InstitutionSummary' });
export type InstitutionSummary = z.infer<typeof institutionSummary>;

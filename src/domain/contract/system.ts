import { z } from 'zod';

const reachable = z.enum(['ok', 'unreachable']);

/** GET /healthz: 200 when every part works, else 503 (with Retry-After) naming the part that does not. */
export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: reachable,
  eventStore: reachable,
  projections: z.enum(['ok', 'failing']),
});

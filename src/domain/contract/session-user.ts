import * as z from 'zod/mini';

/*
 * Built with zod/mini: the app's login check and the header's logout parse these on every page,
 * and the full zod would weigh on the home route's budget.
 */

/** The signed-in user as the API shows it (SPEC.md section 3, "Auth user"); group non-zero is an admin. */
export const sessionUser = z
  .object({ id: z.int(), name: z.string(), email: z.nullable(z.string()), group: z.int() })
  .register(z.globalRegistry, { id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUser>;

/** POST /auth/logout: this token's session, or every session of the user. */
export const logoutPayload = z.object({ everywhere: z.optional(z.boolean()) });

/** What forgot-password, password-reset and logout answer: a sentence for the user. */
export const sentMessage = z.object({ message: z.string() });
export type SentMessage = z.infer<typeof sentMessage>;

import { z } from 'zod';

/** The signed-in user as the API shows it (SPEC.md section 3, "Auth user"); group non-zero is an admin. */
export const sessionUser = z
  .object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), group: z.number().int() })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUser>;

/** What login, register and WeChat login answer; the token goes back as `Authorization: Bearer …`. */
export const session = z.object({ access_token: z.string(), user: sessionUser }).meta({ id: 'Session' });
export type Session = z.infer<typeof session>;

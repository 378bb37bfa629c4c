import * as z from 'zod/mini';
import { endpoint } from '../endpoint.js';
import { logoutPayload, sentMessage, sessionUser } from '../session-user.js';

/**
 * The session's own calls, which every page may make (the app's login check, the header's logout):
 * apart from the other auth endpoints and in zod/mini, so the entry chunk carries only these.
 */
export const sessionEndpoints = {
  user: endpoint({ method: 'POST', path: '/api/v1/auth/user', access: 'signedIn', body: z.optional(z.unknown()), data: sessionUser }),
  logout: endpoint({
    method: 'POST',
    path: '/api/v1/auth/logout',
    access: 'signedIn',
    body: z.optional(logoutPayload),
    data: sentMessage,
  }),
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEndpoints } from '../../domain/contract/endpoints/index.js';
import { ESSENTIAL_KINDS, type PayerKind } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { requestLocale } from '../http/locale.js';
import { failedDeliveries, markRead, notificationsOf, preferencesOf, savePreferences, unreadCount } from './notification-queries.js';

/** The header's bell (DESIGN.md section 11, "In-app"), the payer's choice of mails, and the deliveries that failed. */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, notificationEndpoints.list, async (request) =>
    ok(await notificationsOf(deps.db, request.user!.id, request.body?.cursor)),
  );

  endpointRoute(app, notificationEndpoints.unread, async (request) => ok({ count: await unreadCount(deps.db, request.user!.id) }));

  endpointRoute(app, notificationEndpoints.read, async (request) => {
    const ids = request.body.all ? 'all' : (request.body.ids ?? []);
    return ok({ count: await markRead(deps.db, request.user!.id, ids, deps.clock.now()) });
  });

  // Asked without changes, it answers what is stored (else the request's language and every mail on).
  endpointRoute(app, notificationEndpoints.preferences, async (request) => {
    const userId = request.user!.id;
    const stored = (await preferencesOf(deps.db, userId)) ?? { locale: requestLocale(request), email_off: [] };
    const change = request.body ?? {};
    // The essential mails cannot be switched off: asking to is simply not stored.
    const emailOff = (change.email_off ?? (stored.email_off as PayerKind[])).filter((kind) => !ESSENTIAL_KINDS.includes(kind));
    const chosen = { locale: change.locale ?? stored.locale, email_off: [...new Set(emailOff)] };
    if (change.locale !== undefined || change.email_off !== undefined) await savePreferences(deps.db, userId, chosen, deps.clock.now());
    return ok({ ...chosen, essential: [...ESSENTIAL_KINDS] });
  });

  endpointRoute(app, notificationEndpoints.failed, async (request) => ok(await failedDeliveries(deps.db, request.body?.cursor)));
};

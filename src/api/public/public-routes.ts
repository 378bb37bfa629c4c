import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isPayeeCurrency, message, reservedRate } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { fieldError, notFound } from '../http/errors.js';
import { ok } from '../http/envelope.js';
import { requestLocale } from '../http/locale.js';
import { noticeIn, readNotices } from './settings.js';
import { institutionSummaries, publicResource } from './resources.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { publicEndpoints } from '../../domain/contract/endpoints/index.js';

/** SPEC.md section 7, "Public": no login needed. */
export const publicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(app, publicEndpoints.resources, async () => ok(await institutionSummaries(deps.db)));

  // The WeChat app ids are public (they appear in every OAuth URL); the web asks for them here,
  // so they are configured once, on the server, with their secrets.
  endpointRoute(app, publicEndpoints.wechatConfig, async () =>
    ok({
      mp_app_id: deps.config.wechat.insideApp?.appId ?? null,
      open_app_id: deps.config.wechat.outsideApp?.appId ?? null,
    }),
  );

  endpointRoute(app, publicEndpoints.findNotice, async (request) => ok(noticeIn(await readNotices(deps.db), requestLocale(request))));

  endpointRoute(app, publicEndpoints.findResource, async (request) => {
    const resource = await deps.reference.resource(request.body.id);
    if (!resource) throw notFound('resource_not_found', message('institution.notFound'));
    return ok(publicResource(resource));
  });

  endpointRoute(app, publicEndpoints.findRate, async (request) => {
    const currency = request.body.currency;
    if (!isPayeeCurrency(currency)) throw fieldError('unsupported_currency', 'currency', message('institution.unsupportedCurrency'));
    const base = await deps.rates.baseRate(currency);
    return ok(reservedRate(base, await deps.reference.markup(currency)));
  });
};

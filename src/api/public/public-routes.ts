import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cnyRate,
  institutionSummary,
  isPayeeCurrency,
  message,
  noticeText,
  publicInstitution,
  reservedRate,
  resourceIdField,
  wechatConfig,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { fieldError, notFound } from '../http/errors.js';
import { ok } from '../http/envelope.js';
import { answers } from '../http/responses.js';
import { requestLocale } from '../http/locale.js';
import { noticeIn, readNotices } from './settings.js';
import { institutionSummaries, publicResource } from './resources.js';
import { publicRoute } from '../auth/route-access.js';

/** SPEC.md section 7, "Public": no login needed. */
export const publicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/resources',
    {
      config: publicRoute,
      schema: { body: z.object({ options: z.boolean().optional() }).nullish(), response: answers(z.array(institutionSummary)) },
    },
    async () => {
      return ok(await institutionSummaries(deps.db));
    },
  );

  // The WeChat app ids are public (they appear in every OAuth URL); the web asks for them here,
  // so they are configured once, on the server, with their secrets.
  app.post('/wechatConfig', { config: publicRoute, schema: { body: z.unknown().optional(), response: answers(wechatConfig) } }, async () =>
    ok({
      mp_app_id: deps.config.wechat.insideApp?.appId ?? null,
      open_app_id: deps.config.wechat.outsideApp?.appId ?? null,
    }),
  );

  app.post(
    '/findNotice',
    { config: publicRoute, schema: { body: z.unknown().optional(), response: answers(noticeText) } },
    async (request) => ok(noticeIn(await readNotices(deps.db), requestLocale(request))),
  );

  app.post(
    '/findResource',
    { config: publicRoute, schema: { body: z.object({ id: resourceIdField }), response: answers(publicInstitution) } },
    async (request) => {
      const resource = await deps.reference.resource(request.body.id);
      if (!resource) throw notFound('resource_not_found', message('institution.notFound'));
      return ok(publicResource(resource));
    },
  );

  app.post(
    '/findRate',
    { config: publicRoute, schema: { body: z.object({ currency: z.string().trim().toUpperCase() }), response: answers(cnyRate) } },
    async (request) => {
      const currency = request.body.currency;
      if (!isPayeeCurrency(currency)) throw fieldError('unsupported_currency', 'currency', message('institution.unsupportedCurrency'));
      const base = await deps.rates.baseRate(currency);
      return ok(reservedRate(base, await deps.reference.markup(currency)));
    },
  );
};

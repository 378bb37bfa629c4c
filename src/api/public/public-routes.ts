import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPayeeCurrency, reservedRate, resourceIdField } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { notFound, unprocessable } from '../http/errors.js';
import { ok } from '../http/envelope.js';
import { markupFor, readNotice } from './settings.js';
import { publicResource, findResource } from './resources.js';

/** SPEC.md section 7, "Public": no login needed. */
export const publicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/resources',
    { schema: { body: z.object({ options: z.boolean().optional() }).nullish() } },
    async () => {
      const rows = await deps.db.selectFrom('resources').select(['id', 'name', 'name_en', 'currency', 'country']).orderBy('name_en').execute();
      return ok(rows);
    },
  );

  // The WeChat app ids are public (they appear in every OAuth URL); the web asks for them here,
  // so they are configured once, on the server, with their secrets.
  app.post('/wechatConfig', { schema: { body: z.unknown().optional() } }, async () =>
    ok({
      mp_app_id: deps.config.wechat.insideApp?.appId ?? null,
      open_app_id: deps.config.wechat.outsideApp?.appId ?? null,
    }),
  );

  app.post('/findNotice', { schema: { body: z.unknown().optional() } }, async () => ok(await readNotice(deps.db)));

  app.post('/findResource', { schema: { body: z.object({ id: resourceIdField }) } }, async (request) => {
    const resource = await findResource(deps.db, request.body.id);
    if (!resource) throw notFound('收款机构不存在');
    return ok(publicResource(resource));
  });

  app.post(
    '/findRate',
    { schema: { body: z.object({ currency: z.string().trim().toUpperCase() }) } },
    async (request) => {
      const currency = request.body.currency;
      if (!isPayeeCurrency(currency)) throw unprocessable('不支持的币种', { currency: ['不支持的币种'] });
      const base = await deps.rates.baseRate(currency);
      return ok(reservedRate(base, await markupFor(deps.db, currency)));
    },
  );
};


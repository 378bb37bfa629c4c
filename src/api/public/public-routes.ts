import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCurrency, reservedRate, resourceIdField, type PayeeCurrency } from '../../domain/index.js';
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
      if (!isCurrency(currency) || currency === 'CNY') throw unprocessable('不支持的币种', { currency: ['不支持的币种'] });
      const base = await deps.rates.baseRate(currency as PayeeCurrency);
      return ok(reservedRate(base, await markupFor(deps.db, currency as PayeeCurrency)));
    },
  );
};


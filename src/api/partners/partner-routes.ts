import type { FastifyPluginAsync } from 'fastify';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  compareMoney,
  fieldIssues,
  message,
  messageOfIssue,
  OrderCommandRefused,
  isPayeeCurrency,
  isRateWithinBand,
  issueMessage,
  orderStreamId,
  requiredText,
  resourceIdField,
  type Institution,
  type PartnerDetails,
} from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { fieldError, HttpError } from '../http/errors.js';
import { nextOrderSequence } from '../orders/order-sequence.js';
import { runOrderCommand } from '../orders/order-commands.js';
import { SIGNATURE_HEADER, verifySignature } from '../payments/signature.js';
import { findResource, institutionOf } from '../public/resources.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { orderStatusOf } from '../orders/order-queries.js';
import { externalEndpoints } from '../../domain/contract/endpoints/index.js';

const BODY_LIMIT = 64 * 1024;
const decimalText = z.union([z.string(), z.number()]).transform(String);

/** SPEC.md section 3 "Partner order", with the order's amount and institution. */
export const partnerOrderPayload = z.object({
  gic_order_id: requiredText(64).pipe(z.string().regex(/^[A-Za-z0-9_.:-]+$/)),
  from: requiredText(120),
  target: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPayeeCurrency, issueMessage('reference.currencyUnsupported'))
    .describe("the payee's currency: the institution's own"),
  gic_rate: decimalText,
  cny_fee: decimalText,
  gic_profit: decimalText,
  student_name: requiredText(120),
  payer_name: requiredText(120),
  amount: decimalText,
  resource: resourceIdField,
});
type PartnerOrderPayload = z.infer<typeof partnerOrderPayload>;

const signatureHeaders = z.looseObject({
  [SIGNATURE_HEADER]: z.string().describe('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with PARTNER_SECRET'),
});
const PARTNER_ACTOR = { id: 'partner', role: 'partner' } as const;

/** One partner order id always names the same order: the event store's "no stream yet" decides between two copies. */
export function orderIdForPartnerOrder(secret: string, gicOrderId: string): string {
  const digest = createHmac('sha256', secret).update(`partner-order:${gicOrderId}`).digest().subarray(0, 16);
  digest[6] = (digest[6]! & 0x0f) | 0x80;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function parseBody(rawBody: string): PartnerOrderPayload {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new HttpError('invalid_json', message('http.invalidJson'));
  }
  const parsed = partnerOrderPayload.safeParse(json);
  if (parsed.success) return parsed.data;
  const errors = Object.fromEntries(Object.entries(fieldIssues(parsed.error)).map(([field, texts]) => [field, texts.map(messageOfIssue)]));
  throw new HttpError('validation_failed', Object.values(errors)[0]?.[0] ?? message('validation.invalid'), errors);
}

const partnerOf = (body: PartnerOrderPayload): PartnerDetails => ({
  gic_order_id: body.gic_order_id,
  from: body.from,
  target: body.target,
  gic_rate: body.gic_rate,
  cny_fee: body.cny_fee,
  gic_profit: body.gic_profit,
  student_name: body.student_name,
  payer_name: body.payer_name,
});

/**
 * The institution the partner pays, when the order names it rightly: it exists, `target` is its
 * currency (a partner cannot make a EUR order by naming Mayo's id), and the partner's rate lies
 * within PARTNER_RATE_BAND of the market rate (a typo in the rate would move real money).
 */
async function partnerInstitution(deps: AppDeps, body: PartnerOrderPayload): Promise<Institution> {
  const institution = institutionOf(await findResource(deps.db, body.resource));
  if (!institution) throw fieldError('resource_not_found', 'resource', message('institution.notFound'));
  if (institution.currency !== body.target) {
    throw fieldError(
      'partner_currency_mismatch',
      'target',
      message('partner.currencyMismatch', { target: body.target, currency: institution.currency }),
    );
  }
  const market = await deps.rates.baseRate(institution.currency);
  if (!isRateWithinBand(body.gic_rate, market, deps.config.partnerRateBand)) {
    const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(Number(deps.config.partnerRateBand) * 100);
    throw fieldError(
      'partner_rate_out_of_band',
      'gic_rate',
      message('partner.rateOutOfBand', { rate: body.gic_rate, market, band: percent }),
    );
  }
  return institution;
}

/** The same submission again (a retry) is answered like the first; other details under the same id are refused. */
async function sameAsStored(deps: AppDeps, orderId: string, body: PartnerOrderPayload): Promise<boolean> {
  const [first] = await deps.eventStore.readStream(orderStreamId(orderId), { maxCount: 1 });
  const data = first?.data as { resource?: { id?: string }; amount?: string; partner?: PartnerDetails } | undefined;
  if (!data?.partner || typeof data.amount !== 'string') return false;
  const partner = partnerOf(body);
  return (
    data.resource?.id === body.resource &&
    compareMoney(data.amount, body.amount) === 0 &&
    (Object.keys(partner) as (keyof PartnerDetails)[]).every((key) => data.partner![key] === partner[key])
  );
}

/**
 * POST /api/v1/partners/orders: a partner's server submits an order its payer already paid (DESIGN.md
 * section 7). Signed like the webhooks over the raw body with PARTNER_SECRET (five minutes' replay
 * window), idempotent on gic_order_id; the order machine's partner rule decides the rest.
 */
export const partnerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  endpointRoute(
    app,
    externalEndpoints.partnerOrder,
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      if (!verifySignature(deps.partnerSecret, typeof signature === 'string' ? signature : undefined, rawBody, deps.clock.now())) {
        throw new HttpError('invalid_signature', message('webhook.badSignature'));
      }
      const body = parseBody(rawBody);
      const orderId = orderIdForPartnerOrder(deps.partnerSecret, body.gic_order_id);
      const resource = await partnerInstitution(deps, body);
      try {
        const state = await runOrderCommand(
          deps,
          orderId,
          {
            type: 'submitPartnerOrder',
            order_id: orderId,
            resource,
            amount: body.amount,
            partner: partnerOf(body),
            sequence: await nextOrderSequence(deps.db),
          },
          PARTNER_ACTOR,
        );
        return { data: { id: orderId, gic_order_id: body.gic_order_id, status: state.context.status ?? 0 } };
      } catch (error) {
        if (!(error instanceof OrderCommandRefused) || error.reason !== 'order_exists') throw error;
        if (!(await sameAsStored(deps, orderId, body))) throw new HttpError('partner_order_conflict', message('partner.conflict'));
        await deps.projections.waitFor(orderId, 0n);
        const row = await orderStatusOf(deps.db, orderId);
        return { data: { id: orderId, gic_order_id: body.gic_order_id, status: row.status } };
      }
    },
    { schema: { body: partnerOrderPayload, headers: signatureHeaders } },
  );
};

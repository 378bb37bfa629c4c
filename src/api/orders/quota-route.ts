import type { FastifyInstance } from 'fastify';
import {
  amountMessage,
  chinaYearBounds,
  chinaYearOf,
  isPayeeCurrency,
  message,
  quotaFigures,
  stepEndpoints,
  type BaseRates,
  type ForeignAmount,
  type PayeeCurrency,
  type QuotaPayload,
} from '../../domain/index.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { ok } from '../http/envelope.js';
import { fieldError } from '../http/errors.js';
import { findVisibleOrder } from './order-view.js';
import { ordersCountedInYear } from './quota-queries.js';

/**
 * DESIGN.md section 11, "Quota": the amount (typed, or the order's) in USD, and the payer's year
 * against the yearly allowance, at today's base rates. It reads and never writes.
 */
export function registerQuotaRoute(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.findQuota, async (request) => {
    const user = request.user!;
    const order = await amountToShow(deps, user, request.body);
    const year = chinaYearOf(deps.clock.now());
    const rows = await ordersCountedInYear(deps.db, user.id, chinaYearBounds(year), request.body.id);
    // Every stored order has a payee currency; a row that had none could not be priced, so it is left out.
    const counted = rows.flatMap((row) => (isPayeeCurrency(row.currency) ? [{ amount: String(row.amount), currency: row.currency }] : []));
    const rates = await baseRatesOf([...counted, ...(order ? [order] : [])]);
    return ok(quotaFigures({ order, counted, rates, year }));
  });

  async function baseRatesOf(parts: readonly ForeignAmount[]): Promise<BaseRates> {
    const currencies = [...new Set<PayeeCurrency>(['USD', ...parts.map((part) => part.currency)])];
    const entries = await Promise.all(currencies.map(async (currency) => [currency, await deps.rates.baseRate(currency)] as const));
    return Object.fromEntries(entries);
  }
}

/**
 * The amount the line is about: the one typed (in its currency, or in the order's), else the
 * order's own; none when only the year is asked. A stranger's order answers 404 as every step call.
 */
async function amountToShow(deps: AppDeps, user: AuthUser, body: QuotaPayload): Promise<ForeignAmount | null> {
  if (body.id === undefined)
    return body.amount !== undefined && body.currency !== undefined ? { amount: body.amount, currency: body.currency } : null;
  const { row } = await findVisibleOrder(deps, body.id, user);
  if (!isPayeeCurrency(row.currency)) return null;
  if (body.currency !== undefined && body.currency !== row.currency)
    throw fieldError('validation_failed', 'currency', message('quota.notTheOrdersCurrency'));
  if (body.amount === undefined) return { amount: String(row.amount), currency: row.currency };
  const problem = amountMessage(body.amount, row.currency);
  if (problem) throw fieldError('validation_failed', 'amount', problem);
  return { amount: body.amount, currency: row.currency };
}

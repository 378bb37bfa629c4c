import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_FIELDS,
  OWN_ORDERS_PAGE,
  BANK_TRANSFER,
  cnyAmount,
  fillPayerDetails,
  message,
  OrderCommandRefused,
  reservedRate,
  stepEndpoints,
  type Actor,
  type OrderCommand,
  type PayeeCurrency,
  type RecipientAccount,
} from '../../domain/index.js';
import type { OrderRow } from '../../database/schema.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { fieldError, HttpError } from '../http/errors.js';
import { institutionOf, withPresetAccount } from '../public/resources.js';
import { nextOrderSequence } from './order-sequence.js';
import { answerRepeatedCreate, IDEMPOTENCY_HEADER, orderIdForKey } from './idempotent-create.js';
import { loadedFromRow, runOrderCommand } from './order-commands.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { englishName, englishNames, findVisibleOrder, findVisibleOrderView, orderSeenBy, toOrderView } from './order-view.js';
import { ownOrders } from './order-queries.js';
import { registerPayerMessageRoutes } from '../messages/message-routes.js';
import { registerQuotaRoute } from './quota-route.js';
import { registerTemplateRoutes } from './template-routes.js';

const payerOf = (user: AuthUser): Actor => ({ id: String(user.id), role: 'payer' });

/**
 * SPEC.md section 7, "Order steps": every call needs a signed-in payer, and orders are theirs
 * alone; reading one is also open to the roles that read every order (admins, auditors: masked).
 */
export const stepRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerReadingRoutes(app, deps);
  registerCreateRoute(app, deps);
  registerDetailsRoutes(app, deps);
  registerConfirmRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerPayerMessageRoutes(app, deps);
  registerQuotaRoute(app, deps);
  registerTemplateRoutes(app, deps);
};

/**
 * Runs a command on an order the caller may see (its row read here, or by the route already),
 * decided on that row, and answers with its id.
 */
async function step(deps: AppDeps, user: AuthUser, orderId: string, command: OrderCommand, seen?: OrderRow) {
  const row = seen ?? (await findVisibleOrder(deps, orderId, user)).row;
  await runOrderCommand(deps, orderId, command, payerOf(user), { seen: loadedFromRow(row) });
  return ok({ id: orderId });
}

function registerReadingRoutes(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.findOrder, async (request) => {
    const { row, email } = await findVisibleOrderView(deps, request.body.id, request.user!);
    return ok(orderSeenBy(request.user!, toOrderView(row, email, await englishName(deps, row.resource))));
  });

  endpointRoute(app, stepEndpoints.findOrders, async (request) => {
    const { cursor, limit = OWN_ORDERS_PAGE } = request.body ?? {};
    const { page, next_cursor } = await ownOrders(deps.db, request.user!.id, cursor, limit);
    const names = await englishNames(
      deps,
      page.map((row) => row.resource),
    );
    return { data: page.map((row) => toOrderView(row, request.user!.email, names.get(row.resource))), next: next_cursor };
  });
}

/** Step 1: a new order (once per idempotency key), or a new amount for the caller's order given by id. */
function registerCreateRoute(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.createOrder, async (request) => {
    const { id, resource: resourceId, amount, from } = request.body;
    const user = request.user!;
    if (id) {
      const { row } = await findVisibleOrder(deps, id, user);
      if (row.resource !== resourceId) throw fieldError('resource_change_not_allowed', 'resource', message('order.resourceChange'));
      return step(deps, user, id, { type: 'changeAmount', amount }, row);
    }
    const key = request.headers[IDEMPOTENCY_HEADER];
    const orderId = key === undefined ? deps.ids.uuid() : orderIdForKey(deps.jwtSecret, user.id, key);
    const institution = institutionOf(await deps.reference.resource(resourceId));
    const command = {
      type: 'createOrder',
      order_id: orderId,
      resource: institution,
      amount,
      from,
      sequence: await nextOrderSequence(deps.db),
    } as const;
    try {
      await runOrderCommand(deps, orderId, command, payerOf(user), { newStream: true });
    } catch (error) {
      if (key === undefined || !(error instanceof OrderCommandRefused) || error.reason !== 'order_exists') throw error;
      await answerRepeatedCreate(deps, command);
    }
    return ok({ id: orderId });
  });
}

/** Steps 2 and 3: the recipient's account and the payer's details. */
function registerDetailsRoutes(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.updateAccept, async (request) => {
    const { id, ...account } = request.body;
    const { row } = await findVisibleOrder(deps, id, request.user!);
    const resource = await deps.reference.resource(row.resource);
    return step(deps, request.user!, id, { type: 'saveRecipientAccount', account: withPresetAccount(account, resource) }, row);
  });

  endpointRoute(app, stepEndpoints.updateSend, async (request) => {
    const { id, ...payer } = request.body;
    return step(deps, request.user!, id, { type: 'savePayerDetails', payer: fillPayerDetails(payer) });
  });
}

/**
 * A preset institution's account changed (on a second admin's approval) after step 2 recorded it:
 * confirming would lock an account that is no longer the institution's, so it is refused and
 * nothing is written; the payer goes back to step 2, which shows and records the account in force.
 * Confirmed orders keep the account they locked.
 */
async function refuseMovedPresetAccount(deps: AppDeps, row: OrderRow): Promise<void> {
  const resource = await deps.reference.resource(row.resource);
  // Step 2 not taken yet: confirming is refused for the missing details, not for an account.
  if (!resource?.preset_account || !row.accept_account_no) return;
  const recorded = accountOf(row);
  if (!sameAccount(recorded, withPresetAccount(recorded, resource)))
    throw new HttpError('payee_account_changed', message('payee.accountChanged'));
}

async function priceNow(deps: AppDeps, row: OrderRow) {
  const currency = row.currency as PayeeCurrency;
  const [rate, markup] = await Promise.all([deps.rates.baseRate(currency), deps.reference.markup(currency)]);
  return { rate, markup };
}

/** Step 4: the quote at today's rate, and confirming the order at the quote the payer saw. */
function registerConfirmRoutes(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.findQuote, async (request) => {
    const { row } = await findVisibleOrder(deps, request.body.id, request.user!);
    const { rate, markup } = await priceNow(deps, row);
    return ok({
      rate,
      markup,
      reserved_amount_rate: reservedRate(rate, markup),
      cny_amount: cnyAmount(String(row.amount), rate, markup),
      payment_hours: Math.round(deps.config.paymentDeadlineMs / 3_600_000),
    });
  });

  endpointRoute(app, stepEndpoints.updateCheck, async (request) => {
    const { row } = await findVisibleOrder(deps, request.body.id, request.user!);
    await refuseMovedPresetAccount(deps, row);
    const { rate, markup } = await priceNow(deps, row);
    const { reserved_amount_rate: expected_rate, cny_amount: expected_cny } = request.body;
    const command = {
      type: 'confirmOrder',
      rate,
      markup,
      deadline_ms: deps.config.paymentDeadlineMs,
      expected_rate,
      expected_cny,
    } as const;
    return step(deps, request.user!, row.id, command, row);
  });
}

/** Paying: the method chosen, the payer's word that they paid, or cancelling instead. */
function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  endpointRoute(app, stepEndpoints.updatePay, async (request) => {
    const { id, bank } = request.body;
    return step(deps, request.user!, id, {
      type: 'choosePaymentMethod',
      bank,
      reserve: bank === BANK_TRANSFER ? deps.config.reserveAccount : undefined,
    });
  });

  endpointRoute(app, stepEndpoints.finishPay, async (request) => step(deps, request.user!, request.body.id, { type: 'finishPay' }));

  endpointRoute(app, stepEndpoints.cancelOrder, async (request) => step(deps, request.user!, request.body.id, { type: 'cancelOrder' }));
}

const accountOf = (row: OrderRow): RecipientAccount =>
  Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, row[field] ?? ''])) as unknown as RecipientAccount;
const sameAccount = (a: RecipientAccount, b: RecipientAccount): boolean => ACCOUNT_FIELDS.every((field) => a[field] === b[field]);

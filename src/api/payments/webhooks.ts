import { z } from 'zod';
import {
  dataSubjectOf,
  compareMoney,
  issueMessage,
  isStorableText,
  message,
  messageOfIssue,
  orderStreamId,
  OrderCommandRefused,
  type Actor,
  type Locale,
  type Message,
  type OrderCommand,
  type OrderData,
} from '../../domain/index.js';
import { ProjectionLagError } from '../../projections/projection-runner.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { renderFailure, toFailure } from '../http/error-handler.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { loadOrder, runOrderCommand } from '../orders/order-commands.js';
import { SubjectErasedError } from '../privacy/keyring.js';
import { sealValue } from '../privacy/sealed-value.js';
import { verifySignature } from './signature.js';
import { handleOnce, type WebhookOutcome } from './webhook-receipts.js';

/**
 * The signed server-to-server calls: the payment provider's "payment received" and the bank's
 * "more materials requested". Each is verified, deduplicated by its id, and turned into one
 * command on the order, decided by the domain like any other.
 */
export type WebhookKind = 'payments' | 'bank';

type WebhookDeps = Pick<AppDeps, 'db' | 'clock' | 'webhookSecret' | 'eventStore' | 'projections' | 'ids' | 'keyring'>;

const storable = (schema: z.ZodString) => schema.refine(isStorableText, issueMessage('validation.invalidCharacters'));
const webhookId = storable(z.string().min(1).max(200));
const orderId = storable(z.string().trim().min(1).max(100));
const envelope = z.object({ id: webhookId, type: z.string().min(1).max(100) });

/** The provider's "payment received" (POST /api/v1/webhooks/payments). */
export const paymentSucceeded = z.object({
  id: webhookId,
  type: z.literal('payment.succeeded'),
  order_id: orderId,
  payment_id: storable(z.string().min(1).max(200)),
  amount_cny: z.string().regex(/^\d+(\.\d{1,2})?$/, issueMessage('webhook.amountCny')),
});

/** The bank's "more materials requested" (POST /api/v1/webhooks/bank). */
export const materialsRequested = z.object({
  id: webhookId,
  type: z.literal('materials.requested'),
  order_id: orderId,
  note: storable(z.string().max(2000)).optional(),
});

const invalidPayload = (text: Message) => new HttpError('invalid_webhook_payload', text);

interface WebhookRoute {
  readonly type: string;
  readonly actor: Actor;
  /** Validates the payload (422 when invalid) and names the order and the command it asks for. */
  readonly toCommand: (payload: unknown) => { readonly orderId: string; readonly command: OrderCommand };
}

function webhookRoute<S extends z.ZodType>(
  type: string,
  actor: Actor,
  schema: S,
  toCommand: (payload: z.infer<S>) => { readonly orderId: string; readonly command: OrderCommand },
): WebhookRoute {
  return {
    type,
    actor,
    toCommand: (payload) => {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw invalidPayload(messageOfIssue(parsed.error.issues[0]?.message));
      return toCommand(parsed.data);
    },
  };
}

const ROUTES: Record<WebhookKind, WebhookRoute> = {
  payments: webhookRoute('payment.succeeded', { id: 'payment-provider', role: 'bank' }, paymentSucceeded, (payload) => ({
    orderId: payload.order_id,
    command: { type: 'recordPayment', payment_id: payload.payment_id, amount_cny: payload.amount_cny },
  })),
  bank: webhookRoute('materials.requested', { id: 'bank', role: 'bank' }, materialsRequested, (payload) => ({
    orderId: payload.order_id,
    command: { type: 'requestMoreMaterials', note: payload.note ?? '' },
  })),
};

function parsePayload(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw invalidPayload(message('webhook.invalidJson'));
  }
}

/**
 * Receives one webhook. A bad signature or stale timestamp throws 401 and a malformed payload 422,
 * both before anything is written. Other event types are acknowledged and ignored, so the sender
 * stops retrying them. The answer of a handled id is stored and repeated for every replay.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  kind: WebhookKind,
  delivery: { readonly rawBody: string; readonly signature: string | undefined; readonly locale: Locale },
): Promise<WebhookOutcome> {
  const { rawBody, signature } = delivery;
  if (!verifySignature(deps.webhookSecret, signature, rawBody, deps.clock.now()))
    throw unauthorized('invalid_signature', message('webhook.badSignature'));
  const payload = parsePayload(rawBody);
  const head = envelope.safeParse(payload);
  if (!head.success) throw invalidPayload(message('webhook.missingIdOrType'));
  const route = ROUTES[kind];
  if (head.data.type !== route.type) return { status: 200, body: ok({ ignored: true }) };
  const { orderId: id, command } = route.toCommand(payload);
  const causationId = `webhook:${kind}:${head.data.id}`;
  return handleOnce(deps, { key: `${kind}:${head.data.id}`, kind, payload: await keptBody(deps, id, rawBody), orderId: id }, () =>
    applyOnce(deps, id, command, route.actor, causationId, delivery.locale),
  );
}

/**
 * The body as its receipt keeps it: sealed under the key of the order's data subject, since the
 * bank's free text may name the patient (an erasure then leaves it unreadable); as sent when the
 * order is not known; not at all once the subject is erased.
 */
async function keptBody(deps: WebhookDeps, orderId: string, rawBody: string): Promise<string> {
  const row = await deps.db.selectFrom('orders').select(['id', 'owner_id']).where('id', '=', orderId).executeTakeFirst();
  if (!row) return rawBody;
  const subject = dataSubjectOf({ id: row.id, owner_id: row.owner_id ? String(row.owner_id) : '' });
  try {
    return sealValue(rawBody, subject, await deps.keyring.sealingKey(subject));
  } catch (error) {
    if (error instanceof SubjectErasedError) return '';
    throw error;
  }
}

const accepted = (orderId: string, status: number | null, extra: Record<string, unknown> = {}): WebhookOutcome => ({
  status: 200,
  body: ok({ order_id: orderId, status, ...extra }),
});

/**
 * Runs the command unless an event caused by this webhook is already in the order's stream (a
 * process died after appending, before storing the answer). Refusals are answers, kept with the
 * receipt; anything else is thrown and the receipt released.
 */
async function applyOnce(
  deps: WebhookDeps,
  orderId: string,
  command: OrderCommand,
  actor: Actor,
  causationId: string,
  locale: Locale,
): Promise<WebhookOutcome> {
  if (await causedEventExists(deps, orderId, causationId)) return accepted(orderId, await currentStatus(deps, orderId));
  try {
    const state = await runOrderCommand(deps, orderId, command, actor, { correlationId: causationId, causationId });
    return accepted(orderId, state.context.status, overpaymentOf(state.context));
  } catch (error) {
    // The event is stored; only the read tables are late. That is a success.
    if (error instanceof ProjectionLagError) return accepted(orderId, await currentStatus(deps, orderId));
    // A refusal, or a note for an order whose payer was erased: answers to keep, not worth a retry.
    if (!(error instanceof OrderCommandRefused || error instanceof SubjectErasedError)) throw error;
    // The same payment sent again under another webhook id: already counted, nothing to retry.
    if (error instanceof OrderCommandRefused && error.reason === 'payment_already_recorded')
      return accepted(orderId, error.status, { duplicate_payment: true });
    const failure = toFailure(error);
    return { status: failure.status, body: renderFailure(failure, locale), forgetPayload: error instanceof SubjectErasedError };
  }
}

/** Money beyond the amount due is taken (it is the payer's), recorded, and named in the answer for the back office to refund. */
const overpaymentOf = (order: OrderData): Record<string, string> =>
  compareMoney(order.overpaid_cny, '0') > 0 ? { overpaid_cny: order.overpaid_cny } : {};

async function currentStatus(deps: WebhookDeps, orderId: string): Promise<number | null> {
  return (await loadOrder(deps, orderId)).state.context.status;
}

async function causedEventExists(deps: WebhookDeps, orderId: string, causationId: string): Promise<boolean> {
  const page = 500;
  for (let from = 0n; ; from += BigInt(page)) {
    const events = await deps.eventStore.readStream(orderStreamId(orderId), { fromRevision: from, maxCount: page });
    if (events.some((event) => event.metadata['causation_id'] === causationId)) return true;
    if (events.length < page) return false;
  }
}

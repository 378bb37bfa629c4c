/**
 * The service a team would build instead of this one, for `npm run bench` (issue 25): Fastify, pg,
 * jose and zod, with no event log. It does what a competent team's CRUD service does for the same
 * calls, nothing more and nothing less:
 *
 * - auth: the same bearer token, verified by the same verifier (HS256, issuer, audience, expiry,
 *   the same memory of tokens already verified); it does not look up the session (the product
 *   checks it against its in-memory session cache);
 * - validation: the same zod schemas of the same bodies (src/domain/validation/order-steps.ts);
 * - storage: one row per order in `crud_orders`, made `like orders including all` (the same
 *   columns, defaults, constraints and indexes) and one `crud_order_history` row (`like
 *   order_history including all`) per change, both in one statement (one round trip, atomic);
 *   the order number from a sequence; the owner and the status checked in the update's `where`;
 * - reference data (institutions, rates, markups) read once and kept in memory, as the product's
 *   caches do.
 *
 * Left out, which the product does: the event log and its hash chain, sealing personal fields
 * with the owner's key, the state machine's guards beyond "still a draft" and "all filled in",
 * idempotency keys, the audit of who read what, and notifications.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import type { z } from 'zod';
import { cnyAmount, reservedRate } from '../../src/domain/money.js';
import {
  acceptUpdatePayload,
  amountCreatePayload,
  checkUpdatePayload,
  sendUpdatePayload,
} from '../../src/domain/validation/order-steps.js';
import type { TokenClaims } from '../../src/api/auth/tokens.js';
import { statusNamed } from '../../src/domain/funds/queues.js';

export interface CrudReference {
  /** Institution id → its name and payee currency. */
  readonly resources: ReadonlyMap<number, { readonly name: string; readonly currency: string }>;
  /** Currency → base rate and markup, as decimal strings. */
  readonly prices: ReadonlyMap<string, { readonly rate: string; readonly markup: string }>;
  readonly paymentDeadlineMs: number;
}

export interface CrudBaseline {
  readonly url: string;
  close(): Promise<void>;
}

/** Creates the baseline's tables beside the product's, with the product's columns and indexes. */
export async function createCrudTables(pool: pg.Pool): Promise<void> {
  await pool.query('create table crud_orders (like orders including all)');
  await pool.query('create table crud_order_history (like order_history including all)');
  await pool.query('create sequence crud_order_numbers');
}

type Verify = (token: string, now: Date) => Promise<TokenClaims | null>;

/** The two statuses the steps know, asked of the order machine like everything else. */
const DRAFT = statusNamed('draft');
const CONFIRMED = statusNamed('awaitingPayment');

/**
 * An update of the caller's own draft and its history row, in one statement; false when there is
 * no such draft. Parameters: $1 the order id, $2 the owner, then `set`'s and `guard`'s from $3.
 */
async function changeDraft(pool: pg.Pool, type: string, set: string, values: readonly unknown[], guard = 'true'): Promise<boolean> {
  const next = values.length + 1;
  const result = await pool.query(
    `with changed as (
       update crud_orders set ${set}, revision = revision + 1, updated_at = now()
        where id = $1 and owner_id = $2 and status = $${next} and ${guard}
        returning id, revision, owner_id, updated_at, status)
     insert into crud_order_history (event_id, order_id, revision, type, actor_id, actor_role, occurred_at, status_before, status_after)
     select $${next + 1}, id, revision, $${next + 2}, owner_id::text, 'payer', updated_at, $${next}, status from changed`,
    [...values, DRAFT, randomUUID(), type],
  );
  return (result.rowCount ?? 0) === 1;
}

/** What every route shares: the pool, the token check, the body check and the answer. */
interface Routes {
  readonly pool: pg.Pool;
  readonly reference: CrudReference;
  /** The caller's user id, or null with 401 sent. */
  payerOf(request: FastifyRequest, reply: FastifyReply): Promise<number | null>;
  /** The valid body, or null with 422 sent. */
  parsed<S extends z.ZodType>(schema: S, request: FastifyRequest, reply: FastifyReply): z.infer<S> | null;
  answer(reply: FastifyReply, id: string, changed: boolean): FastifyReply;
}

function routesOver(pool: pg.Pool, verify: Verify, reference: CrudReference): Routes {
  return {
    pool,
    reference,
    async payerOf(request, reply) {
      const header = request.headers.authorization ?? '';
      const claims = header.startsWith('Bearer ') ? await verify(header.slice(7), new Date()) : null;
      if (!claims) void reply.code(401).send({ code: 'unauthenticated' });
      return claims?.userId ?? null;
    },
    parsed(schema, request, reply) {
      const result = schema.safeParse(request.body);
      if (!result.success) void reply.code(422).send({ code: 'validation_failed', errors: result.error.issues });
      return result.success ? result.data : null;
    },
    answer: (reply, id, changed) => (changed ? reply.send({ data: { id } }) : reply.code(409).send({ code: 'not_a_draft' })),
  };
}

function createRoute(app: FastifyInstance, r: Routes): void {
  app.post('/api/v1/step/amount/create', async (request, reply) => {
    const owner = await r.payerOf(request, reply);
    const body = owner === null ? null : r.parsed(amountCreatePayload, request, reply);
    if (owner === null || body === null) return reply;
    const resource = r.reference.resources.get(Number(body.resource));
    if (!resource) return reply.code(422).send({ code: 'unknown_resource' });
    const id = randomUUID();
    await r.pool.query(
      `with created as (
         insert into crud_orders (id, kind, owner_id, status, amount, currency, resource, resource_name, order_no, state, revision,
                                  created_at, updated_at, status_since)
         values ($1, 'order', $2, $8, $3, $4, $5, $6,
                 to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' || lpad(nextval('crud_order_numbers')::text, 6, '0'),
                 '{}', 0, now(), now(), now())
         returning id, revision, owner_id, updated_at, status)
       insert into crud_order_history (event_id, order_id, revision, type, actor_id, actor_role, occurred_at, status_before, status_after)
       select $7, id, revision, 'OrderCreated', owner_id::text, 'payer', updated_at, null, status from created`,
      [id, owner, body.amount, resource.currency, String(body.resource), resource.name, randomUUID(), DRAFT],
    );
    return reply.send({ data: { id } });
  });
}

function acceptRoute(app: FastifyInstance, r: Routes): void {
  app.post('/api/v1/step/accept/update', async (request, reply) => {
    const owner = await r.payerOf(request, reply);
    const body = owner === null ? null : r.parsed(acceptUpdatePayload, request, reply);
    if (owner === null || body === null) return reply;
    const fields = [
      body.accept_account_name,
      body.accept_account_no,
      body.accept_bank,
      body.accept_address,
      body.accept_swift,
      body.accept_reference,
      body.accept_remittance,
      body.transit_code,
      body.bank_branches,
    ];
    const set = `accept_account_name = $3, accept_account_no = $4, accept_bank = $5, accept_address = $6, accept_swift = $7,
      accept_reference = $8, accept_remittance = $9, transit_code = $10, bank_branches = $11`;
    return r.answer(reply, body.id, await changeDraft(r.pool, 'RecipientAccountSaved', set, [body.id, owner, ...fields]));
  });
}

function sendRoute(app: FastifyInstance, r: Routes): void {
  app.post('/api/v1/step/send/update', async (request, reply) => {
    const owner = await r.payerOf(request, reply);
    const body = owner === null ? null : r.parsed(sendUpdatePayload, request, reply);
    if (owner === null || body === null) return reply;
    const fields = [
      body.student_last_name,
      body.student_first_name,
      body.student_last_name_pinyin,
      body.student_first_name_pinyin,
      body.student_email,
      body.student_idcode,
      body.payer_relation,
      body.payer_last_name,
      body.payer_first_name,
      body.payer_code,
      body.payer_phone,
      body.payer_idcode,
      body.accept_reference,
    ];
    const set = `student_last_name = $3, student_first_name = $4, student_last_name_pinyin = $5, student_first_name_pinyin = $6,
      student_email = $7, student_idcode = $8, payer_relation = $9, payer_last_name = $10, payer_first_name = $11,
      payer_code = $12, payer_phone = $13, payer_idcode = $14, accept_reference = $15`;
    return r.answer(reply, body.id, await changeDraft(r.pool, 'PayerDetailsSaved', set, [body.id, owner, ...fields]));
  });
}

function checkRoute(app: FastifyInstance, r: Routes): void {
  app.post('/api/v1/step/check/update', async (request, reply) => {
    const owner = await r.payerOf(request, reply);
    const body = owner === null ? null : r.parsed(checkUpdatePayload, request, reply);
    if (owner === null || body === null) return reply;
    // The amount and currency are the row's: read them, price them, then lock if it is still the same draft.
    const { rows } = await r.pool.query<{ amount: string; currency: string }>(
      'select amount, currency from crud_orders where id = $1 and owner_id = $2 and status = $3',
      [body.id, owner, DRAFT],
    );
    const row = rows[0];
    const price = row ? r.reference.prices.get(row.currency) : undefined;
    if (!row || !price) return reply.code(409).send({ code: 'not_a_draft' });
    const set = `status = $3, rate = $4, markup = $5, reserved_amount_rate = $6, cny_amount = $7,
      deadline_date = now() + ($8 || ' milliseconds')::interval, status_since = now()`;
    const values = [
      body.id,
      owner,
      CONFIRMED,
      price.rate,
      price.markup,
      reservedRate(price.rate, price.markup),
      cnyAmount(String(row.amount), price.rate, price.markup),
      String(r.reference.paymentDeadlineMs),
      row.amount,
    ];
    // Complete and unchanged: the recipient account and the payer's details are filled in, the amount is the one priced.
    const guard = `amount = $9 and accept_account_no <> '' and student_last_name <> ''`;
    return r.answer(reply, body.id, await changeDraft(r.pool, 'OrderConfirmed', set, values, guard));
  });
}

export async function startCrudBaseline(
  connectionString: string,
  poolSize: number,
  verify: Verify,
  reference: CrudReference,
): Promise<CrudBaseline> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  const app = Fastify({ logger: false });
  const routes = routesOver(pool, verify, reference);
  for (const register of [createRoute, acceptRoute, sendRoute, checkRoute]) register(app, routes);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

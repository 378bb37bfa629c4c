import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { orderMachine } from '../../src/domain/order/order-machine.js';
import { fundsOf } from '../../src/domain/funds/ledger.js';
import {
  ORDER_COMMAND_TYPES,
  ORDER_EVENT_TYPES,
  STATUSES,
  decide,
  fold,
  initialOrderState,
  toOrderEvent,
  type Actor,
  type OrderCommand,
  type OrderCommandOf,
  type OrderData,
  type OrderEvent,
  type OrderKind,
  type OrderSnapshot,
} from '../../src/domain/index.js';
import { ACCOUNT, ACTORS, CHARITE, PAYER, T0, TOKYO, confirm, contextFor, submitPartner, upload } from './support.js';
import { sampleCommand } from './commands-for.js';
import { rowsMatching, settableBy } from './transition-table.js';

const amount = fc.constantFrom('2999', '2999.99', '3000', '3000.5', '12345.67', '3000.125', 'abc', '1e5', '5000');
const uid = fc.constantFrom('a', 'b', 'c');

/** Commands with payloads both good and bad, so every rule gets exercised. */
const commandArb = (kind: OrderKind): fc.Arbitrary<OrderCommand> =>
  fc.oneof(
    fc
      .record({ amount, resource: fc.constantFrom(CHARITE, TOKYO, null) })
      .map(({ amount, resource }): OrderCommand => ({ type: 'createOrder', order_id: 'o-1', kind, resource, amount, from: '' })),
    fc
      .record({ amount, rate: fc.constantFrom('7.9', '0', 'x'), fee: fc.constantFrom('0', '50.00', '-1', '1.234') })
      .map(({ amount, rate, fee }): OrderCommand => {
        const base = submitPartner(amount) as OrderCommandOf<'submitPartnerOrder'>;
        return { ...base, partner: { ...base.partner, gic_rate: rate, cny_fee: fee } };
      }),
    amount.map((value): OrderCommand => ({ type: 'changeAmount', amount: value })),
    fc.constantFrom<OrderCommand>(
      { type: 'saveRecipientAccount', account: ACCOUNT },
      { type: 'saveRecipientAccount', account: { ...ACCOUNT, accept_account_name: '' } },
      { type: 'savePayerDetails', payer: PAYER },
      { type: 'savePayerDetails', payer: { ...PAYER, payer_relation: '父母' } },
      confirm,
      { type: 'choosePaymentMethod', bank: 1 },
      { type: 'choosePaymentMethod', bank: 3 },
      { type: 'finishUpload' },
      { type: 'finishPay' },
      { type: 'cancelOrder' },
      { type: 'expireOrder' },
      { type: 'requestMoreMaterials' },
    ),
    uid.map(upload),
    fc.subarray(['a', 'b', 'c', 'z']).map((uids): OrderCommand => ({ type: 'updateFiles', files: uids.map((u) => ({ uid: u })) })),
    fc
      .record({ id: fc.constantFrom('p1', 'p2', 'p3'), cny: fc.constantFrom('1.00', '100.00', '39452.12', '99999.00') })
      .map(({ id, cny }): OrderCommand => ({ type: 'recordPayment', payment_id: id, amount_cny: cny })),
    fc
      .record({ ref: fc.constantFrom('E1', 'E2', 'E3', ''), cny: fc.constantFrom('1.00', '100.00', '39452.12', '0', '-5', '1.234') })
      .map(({ ref, cny }): OrderCommand => ({
        type: 'matchBankCredit',
        entry_ref: ref,
        booking_date: '2026-11-20',
        amount_cny: cny,
        payer_name: 'ZHANG SAN',
        payer_account: '6222',
      })),
    fc
      .record({ ref: fc.constantFrom('R1', 'R2', 'R3', ' '), cny: fc.constantFrom('1.00', '10.00', '39452.12', '0', '99999.00') })
      .map(({ ref, cny }): OrderCommand => ({ type: 'recordRefund', amount_cny: cny, reference: ref, reason: 'overpaid' })),
    fc.integer({ min: -1, max: 14 }).map((status): OrderCommand => ({ type: 'setStatus', status })),
    fc.boolean().map((active): OrderCommand => ({ type: 'switchUploadLink', active, token: 'k3J9sQ2mZ8vX1pL7nR4tY6wA0bC5dE' })),
  );

/**
 * A step is either chaos (any command from any actor) or, three times in four, a well-formed
 * command for the order as it stands, so random lives get deep into the machine; that command
 * comes from a random actor a quarter of the time.
 */
const stepArb = (kind: OrderKind) =>
  fc.record({
    chaos: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    pick: fc.nat(),
    variant: fc.constantFrom<'full' | 'short'>('full', 'short'),
    wrongActor: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    command: commandArb(kind),
    actor: fc.constantFrom<Actor>(...ACTORS),
    advance: fc.integer({ min: 0, max: 30 * 3600 * 1000 }),
  });
type StepInput = {
  chaos: boolean;
  pick: number;
  variant: 'full' | 'short';
  wrongActor: boolean;
  command: OrderCommand;
  actor: Actor;
  advance: number;
};

/** Well-formed commands for the order as it stands, with the actor the table names. */
function candidates(kind: OrderKind, state: OrderSnapshot, time: number) {
  const now = new Date(time).toISOString();
  const afterDeadline = new Date(Math.max(time, Date.parse(state.context.deadline_date ?? T0))).toISOString();
  return ORDER_COMMAND_TYPES.flatMap((type) =>
    (['full', 'short'] as const).flatMap((variant) => {
      const sample = sampleCommand(type, state, variant);
      const commands: OrderCommand[] =
        type === 'createOrder'
          ? kind === 'order'
            ? [sample.command]
            : []
          : type === 'submitPartnerOrder'
            ? kind === 'partner'
              ? [sample.command]
              : []
            : type === 'setStatus'
              ? [5, 6, 7, 9, 10].map((status): OrderCommand => ({ type, status }))
              : [sample.command];
      return commands.map((command) => ({ command, actor: sample.actor, now: type === 'expireOrder' ? afterDeadline : now }));
    }),
  );
}

/** The command and actor a step stands for, given the order as it stands. */
function resolveStep(kind: OrderKind, state: OrderSnapshot, step: StepInput, time: number) {
  if (step.chaos) return { command: step.command, actor: step.actor, now: new Date(time).toISOString() };
  const all = candidates(kind, state, time);
  const accepted = all.flatMap((c) => {
    const decision = decide(state, c.command, contextFor(c.actor, c.now));
    return decision.ok ? [{ ...c, to: decision.state.context.status }] : [];
  });
  // Going on (rather than cancelling or waiting out the deadline) seven times in eight.
  const onward = accepted.filter((c) => c.command.type !== 'cancelOrder' && c.command.type !== 'expireOrder');
  const pool = step.pick % 8 !== 0 && onward.length > 0 ? onward : accepted.length > 0 ? accepted : all;
  const chosen = pool[Math.floor(step.pick / 8) % pool.length]!;
  return step.wrongActor ? { ...chosen, actor: step.actor } : chosen;
}

/** A random order's life: the kind, then steps at advancing times. */
const lifeArb = fc
  .constantFrom<OrderKind>('order', 'partner')
  .chain((kind) => fc.tuple(fc.constant(kind), fc.array(stepArb(kind), { minLength: 1, maxLength: 80, size: 'max' })));

interface Outcome {
  readonly state: OrderSnapshot;
  readonly events: OrderEvent[];
}

/** The statuses an order reaches only once what is due has been received. */
const MONEY_STATUSES: readonly number[] = [5, 6, 7];

/** What each money fact moved (a refund negative). */
function moneyOf(event: OrderEvent): { received: Decimal; refunded: Decimal } {
  const zero = new Decimal(0);
  if (event.type === 'PaymentReceived' || event.type === 'ShortPaymentReceived' || event.type === 'BankCreditMatched') {
    return { received: new Decimal(event.data.amount_cny), refunded: zero };
  }
  if (event.type === 'PartnerOrderSubmitted') return { received: new Decimal(event.data.price.cny_amount), refunded: zero };
  if (event.type === 'RefundRecorded') return { received: zero, refunded: new Decimal(event.data.amount_cny) };
  return { received: zero, refunded: zero };
}

/**
 * Money, not claims: no order is confirmed received, remitted or complete without its money, and
 * none is refunded (10) before every fen went back; the ledger is the sum of its money facts, and
 * never refunds more than it received.
 */
function expectMoneyRules(order: OrderData, from: number | null, events: readonly OrderEvent[]) {
  const funds = fundsOf(order);
  const sums = events.map(moneyOf).reduce((a, b) => ({ received: a.received.plus(b.received), refunded: a.refunded.plus(b.refunded) }), {
    received: new Decimal(0),
    refunded: new Decimal(0),
  });
  expect(funds.received_cny).toBe(sums.received.toFixed(2));
  expect(funds.refunded_cny).toBe(sums.refunded.toFixed(2));
  expect(funds.entries).toHaveLength(events.filter((event) => !moneyOf(event).received.plus(moneyOf(event).refunded).isZero()).length);
  expect(sums.refunded.lte(sums.received)).toBe(true);
  const to = order.status;
  if (to === null || to === from) return;
  if (MONEY_STATUSES.includes(to)) {
    expect(order.price !== null && sums.received.minus(sums.refunded).gte(order.price.cny_amount), `${to} with ${funds.received_cny}`).toBe(
      true,
    );
  }
  if (to === 7) expect(new Decimal(funds.balance_cny).lte(0)).toBe(true);
  if (to === 10) expect(sums.refunded.eq(sums.received)).toBe(true);
}

/** Decides each step live, checking the per-step properties on the way. */
function live(kind: OrderKind, steps: readonly StepInput[]): Outcome {
  let state = initialOrderState();
  let time = Date.parse(T0);
  const events: OrderEvent[] = [];
  for (const step of steps) {
    time += step.chaos ? step.advance : Math.floor(step.advance / 100);
    const before = state;
    const { command, actor, now } = resolveStep(kind, state, step, time);
    time = Date.parse(now);
    const decision = decide(state, command, contextFor(actor, now));
    if (!decision.ok) {
      // A refused command yields no event and the order is as it was.
      expect('events' in decision).toBe(false);
      if (before.status === 'done') expect(decision.error.reason).toBe('final_status');
      continue;
    }
    expect(before.status).toBe('active'); // final states refuse everything
    expect(decision.events).toHaveLength(1);
    const event = decision.events[0]!;
    // The read rows take the decided state as the event's fold (order-batch.ts): they must be one.
    expect(comparable(fold([event], before))).toEqual(comparable(decision.state));
    const to = decision.state.context.status;
    expect(to === null ? null : STATUSES.includes(to)).toBe(true);
    const sets = command.type === 'setStatus' ? command.status : undefined;
    // The order's own kind: a chaos step may submit a partner order in a life meant as ordinary.
    const orderKind = decision.state.context.kind;
    if (sets !== undefined) expect(settableBy(orderKind)).toContain(sets);
    const taken = {
      kind: orderKind,
      from: before.context.status,
      event: event.type,
      actor: actor.role,
      sets,
      to: to!,
      statusBefore13: before.context.status_before_materials,
    };
    expect(rowsMatching(taken), JSON.stringify(taken)).not.toHaveLength(0);
    events.push(event);
    expectMoneyRules(decision.state.context, before.context.status, events);
    state = decision.state;
  }
  return { state, events };
}

const comparable = (snapshot: OrderSnapshot) => ({ value: snapshot.value, status: snapshot.status, context: snapshot.context });

describe('order machine properties (random commands from random actors)', () => {
  it('accepts only table rows, keeps status in 0-13, never lets an admin set other statuses, refuses in final states', () => {
    fc.assert(
      fc.property(lifeArb, ([kind, steps]) => void live(kind, steps)),
      { numRuns: 200 },
    );
  });

  it('random lives reach every status and every kind of event (the properties are not vacuous)', () => {
    const statuses = new Set<number | null>();
    const types = new Set<string>();
    for (const [kind, steps] of fc.sample(lifeArb, { numRuns: 250, seed: 7 })) {
      let state = initialOrderState();
      for (const event of live(kind, steps).events) {
        state = fold([event], state);
        statuses.add(state.context.status);
        types.add(event.type);
      }
    }
    expect([...statuses].sort((a, b) => a! - b!)).toEqual([...STATUSES]);
    expect(types.size).toBe(ORDER_EVENT_TYPES.length);
  });

  it('folding the events one at a time (split anywhere) equals folding them all', () => {
    fc.assert(
      fc.property(lifeArb, fc.nat(), ([kind, steps], cut) => {
        const { events } = live(kind, steps);
        const at = events.length === 0 ? 0 : cut % (events.length + 1);
        expect(comparable(fold(events.slice(at), fold(events.slice(0, at))))).toEqual(comparable(fold(events)));
      }),
      { numRuns: 120 },
    );
  });

  it('replaying the stored events (through JSON and the upcaster) gives the state of the live decisions', () => {
    fc.assert(
      fc.property(lifeArb, ([kind, steps]) => {
        const { state, events } = live(kind, steps);
        const stored = events.map((event) => JSON.parse(JSON.stringify({ type: event.type, data: event.data, metadata: event.meta })));
        const replayed = fold(stored.map((row) => toOrderEvent(row.type, row.data, row.metadata)));
        expect(comparable(replayed)).toEqual(comparable(state));
      }),
      { numRuns: 120 },
    );
  });

  it("evolve (one inert scope for every transition) gives XState's own transition() result, snapshot for snapshot", () => {
    fc.assert(
      fc.property(lifeArb, ([kind, steps]) => {
        let ours = initialOrderState();
        let xstates = initialTransition(orderMachine)[0];
        expect(comparable(ours)).toEqual(comparable(xstates));
        for (const event of live(kind, steps).events) {
          ours = fold([event], ours);
          xstates = transition(orderMachine, xstates, { ...event, trusted: true })[0];
          expect(comparable(ours)).toEqual(comparable(xstates));
        }
      }),
      { numRuns: 120 },
    );
  });
});

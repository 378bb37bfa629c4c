import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../eventstore/port.js';
import { UNCHAINED, type HeadEntry } from '../../src/api/audit/checkpoint.js';
import { LogChecker } from '../../src/api/audit/log-checker.js';
import { orderAsOf } from '../../src/api/audit/order-as-of.js';
import { replaySteps } from '../../src/api/audit/order-history.js';
import { replayedRow } from '../../src/api/audit/replayed-row.js';
import { openEvent } from '../../src/api/privacy/event-privacy.js';
import { toOrderView } from '../../src/api/orders/order-view.js';
import { ERASED, PERSONAL_PAYER_FIELDS, displayOf, fold, type OrderEvent } from '../../src/domain/index.js';
import { memoryKeyring } from './memory-keyring.js';
import { lifeArb, randomLife, storedLog } from './random-log.js';

/** Up to `most` orders' lives, and how their events interleave in the log. */
const livesArb = (most: number) => fc.array(lifeArb, { minLength: 1, maxLength: most });
const interleaveArb = fc.array(fc.nat(), { maxLength: 40 });
/** Each life's events; a run where a life has none is discarded. */
function eventsOf(lives: readonly { kind: Parameters<typeof randomLife>[0]; picks: Parameters<typeof randomLife>[1] }[]) {
  const events = lives.map(({ kind, picks }) => randomLife(kind, picks));
  fc.pre(events.every((life) => life.length > 0));
  return events;
}

const headsOf = (log: readonly StoredEvent[]): HeadEntry[] => {
  const heads = new Map<string, HeadEntry>();
  for (const event of log)
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the hash is a hex string
    heads.set(event.streamId, [event.streamId, event.revision.toString(), String(event.metadata['hash'] ?? UNCHAINED)]);
  return [...heads.values()];
};

const problemsOf = (log: readonly StoredEvent[], signed: readonly HeadEntry[]) => {
  const checker = new LogChecker(signed);
  for (const event of log) checker.feed(event);
  return checker.problems();
};

const openedLog = (log: readonly StoredEvent[], keyring: ReturnType<typeof memoryKeyring>) =>
  Promise.all(log.map((event) => openEvent(event, keyring)));

/** Changes one character of a random string leaf (or one number) of an event: "one byte". */
function flipped(event: StoredEvent, pick: number): StoredEvent {
  const copy = structuredClone({ id: event.id, type: event.type, data: event.data, metadata: event.metadata }) as Record<string, unknown>;
  const leaves: { holder: Record<string, unknown>; key: string }[] = [];
  const collect = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
      if (typeof member === 'string' || typeof member === 'number') leaves.push({ holder: value as Record<string, unknown>, key });
      else collect(member);
    }
  };
  collect(copy);
  const { holder, key } = leaves[pick % leaves.length]!;
  const value = holder[key];
  if (typeof value === 'number') holder[key] = value + 1;
  else {
    const text = value as string;
    const at = text.length === 0 ? 0 : Math.floor(pick / leaves.length) % text.length;
    holder[key] = text.length === 0 ? 'x' : text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ 1) + text.slice(at + 1);
  }
  return { ...event, ...(copy as Pick<StoredEvent, 'id' | 'type' | 'data' | 'metadata'>) };
}

describe('audit properties', () => {
  it('the order as of every revision is the fold of that prefix, through sealing, storing and opening', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, async ({ kind, picks }) => {
        const events = randomLife(kind, picks);
        fc.pre(events.length > 0);
        const keyring = memoryKeyring();
        const steps = replaySteps(await openedLog(await storedLog([events], keyring, []), keyring));
        for (let revision = 0; revision < events.length; revision += 1) {
          const prefix = fold(events.slice(0, revision + 1));
          const asOf = orderAsOf(steps, { revision: BigInt(revision) }, 'admin');
          const at = new Date(events[revision]!.meta.occurred_at);
          const created = new Date(prefix.context.created_at ?? at);
          expect(asOf.order).toEqual(toOrderView(replayedRow(prefix.context, BigInt(revision), created, at), null));
          expect(asOf.display).toEqual(displayOf(prefix));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a flipped byte, a deleted tail or two swapped events is always found', async () => {
    await fc.assert(
      fc.asyncProperty(
        livesArb(3),
        interleaveArb,
        fc.constantFrom('flip', 'delete', 'swap'),
        fc.nat(),
        fc.nat(),
        async (lives, interleave, tamper, pickA, pickB) => {
          const events = eventsOf(lives);
          const log = await storedLog(events, memoryKeyring(), interleave);
          const signed = headsOf(log);
          expect(problemsOf(log, signed)).toEqual([]);
          const a = pickA % log.length;
          let tampered: StoredEvent[];
          if (tamper === 'flip') {
            tampered = log.map((event, index) => (index === a ? flipped(event, pickB) : event));
          } else if (tamper === 'delete') {
            const stream = log[a]!.streamId;
            const ofStream = log.filter((event) => event.streamId === stream);
            const keep = ofStream.length - 1 - (pickB % ofStream.length);
            tampered = log.filter((event) => event.streamId !== stream || event.revision < BigInt(keep));
          } else {
            const b = pickB % log.length;
            fc.pre(a !== b);
            // Rows keep their stream and revision; their contents change places.
            const contentOf = (event: StoredEvent) => ({ id: event.id, type: event.type, data: event.data, metadata: event.metadata });
            tampered = log.map((event, index) =>
              index === a ? { ...event, ...contentOf(log[b]!) } : index === b ? { ...event, ...contentOf(log[a]!) } : event,
            );
            fc.pre(JSON.stringify(contentOf(log[a]!)) !== JSON.stringify(contentOf(log[b]!)));
          }
          expect(problemsOf(tampered, signed).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('after erasing a random user every order replays to the same statuses and amounts, and the log still verifies', async () => {
    await fc.assert(
      fc.asyncProperty(livesArb(4), interleaveArb, fc.nat(), async (lives, interleave, pick) => {
        const events = eventsOf(lives);
        const keyring = memoryKeyring();
        const log = await storedLog(events, keyring, interleave);
        const foldAll = async () => {
          const opened = await openedLog(log, keyring);
          return events.map(
            (_, index) =>
              fold(
                opened
                  .filter((event) => event.streamId === `order-o-${index}`)
                  .map((event) => ({ type: event.type, data: event.data, meta: event.metadata }) as unknown as OrderEvent),
              ).context,
          );
        };
        const before = await foldAll();
        const erased = pick % events.length;
        await keyring.erase(`user-${erased}`, new Date());
        const after = await foldAll();
        const money = (order: (typeof before)[number]) => ({
          status: order.status,
          amount: order.amount,
          price: order.price,
          paid: order.paid_cny,
          overpaid: order.overpaid_cny,
        });
        expect(after.map(money)).toEqual(before.map(money));
        for (const [index, order] of after.entries()) {
          for (const field of PERSONAL_PAYER_FIELDS) {
            const value = order.payer?.[field] ?? '';
            if (index === erased) expect(['', ERASED]).toContain(value);
            else expect(value).toBe(before[index]!.payer?.[field] ?? '');
          }
        }
        expect(problemsOf(log, headsOf(log))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

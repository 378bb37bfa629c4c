import type { Kysely } from 'kysely';
import type { DB } from '../database/schema.js';
import type { Applied } from './order-projector.js';
import { projectorOf } from './projectors.js';
import { referenceStreamReached } from './reference-projector.js';

/** The command's events are stored but its result is not readable yet; the client may simply ask again. */
export class ProjectionLagError extends Error {
  override readonly name = 'ProjectionLagError';
  constructor(
    readonly orderId: string,
    options?: ErrorOptions,
  ) {
    super(`The order ${orderId} is stored but not readable yet.`, options);
  }
}

interface Waiter {
  readonly revision: bigint;
  readonly resolve: () => void;
}

/** Whether the order's read row, or the table of a stream tracked in stream_revisions, has reached the revision. */
async function hasReached(db: Kysely<DB>, key: string, revision: bigint): Promise<boolean> {
  if (projectorOf(key)?.tracksStreamRevision) return referenceStreamReached(db, key, revision);
  const row = await db.selectFrom('orders').select('revision').where('id', '=', key).executeTakeFirst();
  return row !== undefined && BigInt(row.revision) >= revision;
}

/** What a wait asks the projector it waits on. */
export interface WaitedOn {
  /** Why the read tables are not following right now, or null. */
  readonly failure: unknown;
  /** Tries a batch backing off after a failure now: someone waits. */
  retryNow(): void;
}

/** Those waiting for an order row (or a stream) to reach a revision, by order id or stream id. */
export class Waiters {
  readonly #byKey = new Map<string, Waiter[]>();

  /**
   * Resolves once the order's read row (or, given a reference stream's id, its table) has reached
   * the revision: told by a batch that applied it, or seen in the table (another process may run
   * the projection, so the table is looked at now and then too). Rejects with a ProjectionLagError
   * after `timeoutMs` (5 s by default).
   */
  async waitFor(
    db: Kysely<DB>,
    wanted: { readonly orderId: string; readonly revision: bigint; readonly timeoutMs?: number | undefined },
    projector: WaitedOn,
  ): Promise<void> {
    const { orderId, revision } = wanted;
    const reached = () => hasReached(db, orderId, revision);
    if (await reached()) return;
    projector.retryNow();
    await this.#wait(
      orderId,
      revision,
      reached,
      () => new ProjectionLagError(orderId, { cause: projector.failure ?? undefined }),
      wanted.timeoutMs ?? 5_000,
    );
  }

  #wait(key: string, revision: bigint, reached: () => Promise<boolean>, lag: () => Error, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const list = this.#byKey.get(key) ?? [];
      const poll = setInterval(
        () =>
          void reached()
            .then((ok) => ok && done())
            .catch(() => undefined),
        100,
      );
      const timer = setTimeout(() => {
        clearInterval(poll);
        reject(lag());
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      };
      list.push({ revision, resolve: done });
      this.#byKey.set(key, list);
    });
  }

  /** Resolves the waiters whose revision a batch has now applied. */
  reached(applied: readonly Applied[]): void {
    for (const { orderId, revision } of applied) {
      const list = this.#byKey.get(orderId);
      if (!list) continue;
      const remaining = list.filter((waiter) => {
        if (waiter.revision > revision) return true;
        waiter.resolve();
        return false;
      });
      if (remaining.length > 0) this.#byKey.set(orderId, remaining);
      else this.#byKey.delete(orderId);
    }
  }
}

import type { Kysely } from 'kysely';
import type { DB, Resource } from '../../database/schema.js';
import type { PayeeCurrency } from '../../domain/index.js';
import { findResource } from './resources.js';
import { markupFor } from './settings.js';

/** The channel institution and settings changes are announced on (migration 0010-reference-changed). */
export const REFERENCE_CHANGED_CHANNEL = 'reference_changed';

/**
 * Institutions and markups as the payer's steps and the public calls read them, cached until they
 * change: every process drops everything on `reference_changed` (a trigger's NOTIFY; also after the
 * listener reconnects), and the process that made a change at once. The back office reads the
 * tables directly.
 */
export interface ReferenceCache {
  resource(id: string): Promise<Resource | undefined>;
  markup(currency: PayeeCurrency): Promise<string>;
  forget(): void;
}

export function createReferenceCache(db: Kysely<DB>): ReferenceCache {
  let resources = new Map<string, Resource | undefined>();
  let markups = new Map<PayeeCurrency, string>();
  /** A value read while a change was announced is not kept. */
  let generation = 0;
  const cached = async <K, V>(map: () => Map<K, V>, key: K, read: () => Promise<V>): Promise<V> => {
    if (map().has(key)) return map().get(key)!;
    const started = generation;
    const value = await read();
    if (started === generation) map().set(key, value);
    return value;
  };
  return {
    resource: (id) =>
      cached(
        () => resources,
        id,
        () => findResource(db, id),
      ),
    markup: (currency) =>
      cached(
        () => markups,
        currency,
        () => markupFor(db, currency),
      ),
    forget() {
      generation += 1;
      resources = new Map();
      markups = new Map();
    },
  };
}

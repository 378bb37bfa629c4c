import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database/schema.js';

/** A subject's key, or null once it has been erased (or never existed). */
export type SubjectKey = Uint8Array | null;

/** The channel an erasure is announced on (migration 0012-subject-keys-changed). */
export const SUBJECT_KEYS_CHANGED_CHANNEL = 'subject_keys_changed';

/**
 * The data subjects' keys (table subject_keys). Keys are cached in this process; an erasure in
 * any process reaches the others through `subject_keys_changed` (a trigger's NOTIFY), on which
 * they `forget` the subject ('' after the listener reconnects: everything).
 */
export interface Keyring {
  /** The subject's key, created on first use; refuses a subject that has been erased. */
  sealingKey(subject: string): Promise<Uint8Array>;
  openingKey(subject: string): Promise<SubjectKey>;
  /** Destroys the key (and refuses any later one for the subject); erasing twice changes nothing. */
  erase(subject: string, at: Date): Promise<void>;
  forget(subject: string): void;
}

export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError';
  constructor(readonly subject: string) {
    super(`The personal data of ${subject} has been erased; nothing new is stored for it.`);
  }
}

const KEY_BYTES = 32;
const CACHE_SIZE = 50_000;

export function createKeyring(db: Kysely<DB>): Keyring {
  const cache = new Map<string, SubjectKey>();
  /** A key read while an erasure was announced is not kept: each forget starts a new generation. */
  let generation = 0;
  const keep = (subject: string, key: SubjectKey, readIn = generation) => {
    if (readIn !== generation) return key;
    cache.set(subject, key);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return key;
  };
  const read = (subject: string) => db.selectFrom('subject_keys').select('key').where('subject_id', '=', subject).executeTakeFirst();

  return {
    async sealingKey(subject) {
      const cached = cache.get(subject);
      if (cached) return cached;
      const started = generation;
      await db
        .insertInto('subject_keys')
        .values({ subject_id: subject, key: randomBytes(KEY_BYTES) })
        .onConflict((conflict) => conflict.column('subject_id').doNothing())
        .execute();
      const row = await read(subject);
      if (!row?.key) throw new SubjectErasedError(subject);
      return keep(subject, new Uint8Array(row.key), started)!;
    },
    async openingKey(subject) {
      if (cache.has(subject)) return cache.get(subject)!;
      const started = generation;
      const row = await read(subject);
      return keep(subject, row?.key ? new Uint8Array(row.key) : null, started);
    },
    async erase(subject, at) {
      generation += 1;
      cache.delete(subject);
      await db
        .insertInto('subject_keys')
        .values({ subject_id: subject, key: null, erased_at: at })
        .onConflict((conflict) =>
          conflict.column('subject_id').doUpdateSet({ key: null, erased_at: sql`coalesce(subject_keys.erased_at, excluded.erased_at)` }),
        )
        .execute();
      keep(subject, null);
    },
    forget(subject) {
      generation += 1;
      if (subject === '') cache.clear();
      else cache.delete(subject);
    },
  };
}

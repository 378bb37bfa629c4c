/**
 * A bounded cache of rows read through it, for rows whose changes are announced (a NOTIFY, or the
 * process that changed them). Each forget starts a new generation: a row read while a change was
 * announced is handed out but not kept. The oldest entry goes first when the cache is full.
 */
export interface ReadThroughCache<K, V> {
  find(key: K): Promise<V | undefined>;
  /** Drops the key's entry, or every entry when `key` is undefined. */
  forget(key?: K): void;
  /** Drops every entry that `matches`. */
  forgetWhere(matches: (value: V) => boolean): void;
}

export function createReadThroughCache<K, V>(capacity: number, read: (key: K) => Promise<V | undefined>): ReadThroughCache<K, V> {
  const entries = new Map<K, V>();
  let generation = 0;
  return {
    async find(key) {
      const cached = entries.get(key);
      if (cached) return cached;
      const started = generation;
      const value = await read(key);
      if (value !== undefined && started === generation) {
        entries.set(key, value);
        if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
    forget(key) {
      generation += 1;
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
    forgetWhere(matches) {
      generation += 1;
      for (const [key, value] of entries) if (matches(value)) entries.delete(key);
    },
  };
}

import { randomBytes } from 'node:crypto';
import { SubjectErasedError, type Keyring, type SubjectKey } from '../../src/api/privacy/keyring.js';

/** The keyring's contract in memory, for properties that run thousands of lives without a database. */
export function memoryKeyring(): Keyring & { readonly keys: Map<string, SubjectKey> } {
  const keys = new Map<string, SubjectKey>();
  return {
    keys,
    async sealingKey(subject) {
      if (!keys.has(subject)) keys.set(subject, randomBytes(32));
      const key = keys.get(subject);
      if (!key) throw new SubjectErasedError(subject);
      return key;
    },
    async openingKey(subject) {
      return keys.get(subject) ?? null;
    },
    async erase(subject) {
      keys.set(subject, null);
    },
    forget() {},
  };
}

import type { Actor } from '../domain/index.js';

/** A text field of a stored event: anything but a string (missing, erased to null) reads as empty. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Who wrote a stored event: eventMeta writes the actor into its metadata. */
export const actorOf = (event: { readonly metadata: Readonly<Record<string, unknown>> }): Actor => {
  const actor = (event.metadata['actor'] ?? {}) as { id?: unknown; role?: unknown };
  return { id: textOf(actor.id), role: textOf(actor.role) as Actor['role'] };
};

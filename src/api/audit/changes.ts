import { ERASED, FREE_TEXT_REFERENCE_FIELDS, PERSONAL_PARTNER_FIELDS, PERSONAL_PAYER_FIELDS } from '../../domain/index.js';

/** A field an event changed, by its dotted path; values as text (objects and lists as JSON). */
export interface FieldChange {
  readonly field: string;
  readonly before: string | null;
  readonly after: string | null;
}

type Flat = Map<string, string | null>;

/** JSON with every object's keys in order: a jsonb column hands objects back with its own key order. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, member: unknown) =>
    member !== null && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );

function flatten(value: unknown, prefix: string, into: Flat): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, member] of Object.entries(value)) flatten(member, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, value === null || value === undefined ? null : typeof value === 'string' ? value : canonicalJson(value));
  }
  return into;
}

/** Every leaf field whose value differs between two states, in a stable order. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const was = flatten(before, '', new Map());
  const now = flatten(after, '', new Map());
  const fields = [...new Set([...was.keys(), ...now.keys()])].sort();
  return fields.flatMap((field) => {
    const a = was.get(field) ?? null;
    const b = now.get(field) ?? null;
    return a === b ? [] : [{ field, before: a, after: b }];
  });
}

/**
 * What an auditor reads masked in a history: the personal fields, the free text that may name a
 * person (the references, the bank's note, messages), and the public upload link's token (whoever
 * holds it may upload).
 */
const PERSONAL_PATHS = new Set([
  ...PERSONAL_PAYER_FIELDS.map((field) => `payer.${field}`),
  ...PERSONAL_PARTNER_FIELDS.map((field) => `partner.${field}`),
  ...FREE_TEXT_REFERENCE_FIELDS.flatMap((field) => [`account.${field}`, `payer.${field}`]),
  'upload_document_token',
  // The bank's note and what people write on the order may say anything about the payer.
  'materials_note',
  'message',
]);

/** Whether a dotted path names a personal field (of the order's data or of an event's data). */
export const isPersonalPath = (field: string): boolean =>
  PERSONAL_PATHS.has(field) || [...PERSONAL_PATHS].some((path) => field.endsWith(`.${path}`));

const MASK = '•••';
/** What an auditor sees of a personal value: that there is one, not what it is. */
export const maskValue = (value: string | null): string | null => (value === null || value === '' || value === ERASED ? value : MASK);

export const maskChanges = (changes: readonly FieldChange[]): FieldChange[] =>
  changes.map((change) =>
    isPersonalPath(change.field) ? { ...change, before: maskValue(change.before), after: maskValue(change.after) } : change,
  );

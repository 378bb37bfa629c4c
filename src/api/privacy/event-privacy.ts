import type { JsonObject, JsonValue, NewEvent, StoredEvent } from '../../../eventstore/port.js';
import { ERASED, PERSONAL_EVENT_FIELDS } from '../../domain/index.js';
import type { Keyring } from './keyring.js';
import { isSealed, openValue, sealValue, subjectOfSealed } from './sealed-value.js';

/** What becomes of one personal string: sealed, opened, or looked at. */
type Change = (value: string, path: string) => Promise<string>;

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A copy of `value` with `change` applied to every string at the path (PERSONAL_EVENT_FIELDS:
 * `a.b`, `a[].b`); whatever is missing or of another shape along the way is left as it is.
 */
async function mapPath(
  value: JsonValue | undefined,
  steps: readonly string[],
  change: Change,
  where: string,
): Promise<JsonValue | undefined> {
  if (steps.length === 0) return typeof value === 'string' ? change(value, where) : value;
  const [step, ...rest] = steps as [string, ...string[]];
  const isArray = step.endsWith('[]');
  const name = isArray ? step.slice(0, -2) : step;
  if (!isObject(value) || !(name in value)) return value;
  const inner = value[name];
  if (!isArray) return { ...value, [name]: (await mapPath(inner, rest, change, `${where}.${name}`)) as JsonValue };
  if (!Array.isArray(inner)) return value;
  const entries = await Promise.all(inner.map((entry, index) => mapPath(entry, rest, change, `${where}.${name}[${index}]`)));
  return { ...value, [name]: entries as JsonValue[] };
}

/** The event's data with `change` applied to each personal string its type lists (the same object when it lists none). */
async function mapPersonal(type: string, data: JsonObject, change: Change): Promise<JsonObject> {
  let mapped: JsonObject = data;
  for (const path of PERSONAL_EVENT_FIELDS[type] ?? []) mapped = (await mapPath(mapped, path.split('.'), change, type)) as JsonObject;
  return mapped;
}

/** Empty fields hold nothing: they stay empty, sealed or erased. */
const holdsText = (value: string): boolean => value !== '' && !isSealed(value);

/** Seals the event's personal fields under the subject's key (empty fields hold nothing and stay empty). */
export async function sealEvent(event: NewEvent, subject: string, keyring: Keyring): Promise<NewEvent> {
  if (!PERSONAL_EVENT_FIELDS[event.type]) return event;
  const key = await keyring.sealingKey(subject);
  return {
    ...event,
    data: await mapPersonal(event.type, event.data, (value) => Promise.resolve(holdsText(value) ? sealValue(value, subject, key) : value)),
  };
}

/** A personal field that would be stored in the clear: where, so the refusal can say it. */
export async function unsealedField(event: NewEvent): Promise<string | null> {
  let found: string | null = null;
  await mapPersonal(event.type, event.data, (value, where) => {
    if (found === null && holdsText(value)) found = where;
    return Promise.resolve(value);
  });
  return found;
}

async function openField(value: string, keyring: Keyring): Promise<string> {
  if (!isSealed(value)) return value;
  const subject = subjectOfSealed(value);
  const key = subject ? await keyring.openingKey(subject) : null;
  return key ? openValue(value, key) : ERASED;
}

/** The event with its personal fields opened, or read as erased when their key is gone. */
export async function openEvent(event: StoredEvent, keyring: Keyring): Promise<StoredEvent> {
  if (!PERSONAL_EVENT_FIELDS[event.type]) return event;
  return { ...event, data: await mapPersonal(event.type, event.data, (value) => openField(value, keyring)) };
}

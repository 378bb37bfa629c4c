import type { JsonObject, NewEvent, StoredEvent } from '../../../eventstore/port.js';
import { ERASED, PERSONAL_EVENT_FIELDS } from '../../domain/index.js';
import type { Keyring } from './keyring.js';
import { isSealed, openValue, sealValue, subjectOfSealed } from './sealed-value.js';

type Fields = Record<string, unknown>;

/** The object of this event's data that holds personal fields, if its type has any. */
function personalObject(type: string, data: JsonObject): { readonly name: string; readonly value: Fields; readonly fields: readonly string[] } | null {
  const spec = PERSONAL_EVENT_FIELDS[type];
  const value = spec ? data[spec.object] : undefined;
  if (!spec || value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return { name: spec.object, value: value as Fields, fields: spec.fields };
}

/** Seals the event's personal fields under the subject's key (empty fields hold nothing and stay empty). */
export async function sealEvent(event: NewEvent, subject: string, keyring: Keyring): Promise<NewEvent> {
  const personal = personalObject(event.type, event.data);
  if (!personal) return event;
  const key = await keyring.sealingKey(subject);
  const sealed: Fields = { ...personal.value };
  for (const field of personal.fields) {
    const value = sealed[field];
    if (typeof value === 'string' && value !== '' && !isSealed(value)) sealed[field] = sealValue(value, subject, key);
  }
  return { ...event, data: { ...event.data, [personal.name]: sealed as JsonObject } };
}

/** A personal field that would be stored in the clear: where, so the refusal can say it. */
export function unsealedField(event: NewEvent): string | null {
  const personal = personalObject(event.type, event.data);
  if (!personal) return null;
  const field = personal.fields.find((name) => {
    const value = personal.value[name];
    return typeof value === 'string' && value !== '' && !isSealed(value);
  });
  return field ? `${event.type}.${personal.name}.${field}` : null;
}

async function openField(value: unknown, keyring: Keyring): Promise<unknown> {
  if (!isSealed(value)) return value;
  const subject = subjectOfSealed(value);
  const key = subject ? await keyring.openingKey(subject) : null;
  return key ? openValue(value, key) : ERASED;
}

/** The event with its personal fields opened, or read as erased when their key is gone. */
export async function openEvent(event: StoredEvent, keyring: Keyring): Promise<StoredEvent> {
  const personal = personalObject(event.type, event.data);
  if (!personal) return event;
  const opened: Fields = { ...personal.value };
  for (const field of personal.fields) opened[field] = await openField(opened[field], keyring);
  return { ...event, data: { ...event.data, [personal.name]: opened as JsonObject } };
}

import type { JsonObject, JsonValue, NewEvent, StoredEvent } from '../../../eventstore/port.js';
import { ERASED, PERSONAL_EVENT_FIELDS } from '../../domain/index.js';
import type { Keyring, SubjectKey } from './keyring.js';
import { isSealed, openValue, sealValue, subjectOfSealed } from './sealed-value.js';

/** What becomes of one personal string: sealed, opened, or looked at. */
type Change = (value: string, path: string) => string;

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The personal paths of an event type as a tree of steps (`a[]`: each entry of the list `a`); true: the string there. */
interface PathTree {
  readonly [step: string]: PathTree | true;
}

function pathTree(paths: readonly string[]): PathTree {
  const root: Record<string, unknown> = {};
  for (const path of paths) {
    const steps = path.split('.');
    let node = root;
    steps.forEach((step, index) => {
      if (index === steps.length - 1) node[step] = true;
      else node = (node[step] ??= {}) as Record<string, unknown>;
    });
  }
  return root as PathTree;
}

/** Built once per event type: opening walks it for every event of a replay. */
const PERSONAL_TREES: Readonly<Record<string, PathTree>> = Object.fromEntries(
  Object.entries(PERSONAL_EVENT_FIELDS).map(([type, paths]) => [type, pathTree(paths)]),
);

/** `value` with `change` applied at `below`: a string itself, or the tree's paths in an object. */
function mapValue(value: JsonValue | undefined, below: PathTree | true, change: Change, where: string): JsonValue | undefined {
  if (below === true) return typeof value === 'string' ? change(value, where) : value;
  return isObject(value) ? mapTree(value, below, change, where) : value;
}

/**
 * `value` with `change` applied to every string at the tree's paths; whatever is missing or of
 * another shape along the way is left as it is. Each object on the way is copied once, and only
 * when something in it changed (a replay opens every event's fields, and sealed data is read far
 * more often than it is written).
 */
function mapTree(value: JsonObject, tree: PathTree, change: Change, where: string): JsonObject {
  let copy: JsonObject | null = null;
  for (const step in tree) {
    const isArray = step.endsWith('[]');
    const name = isArray ? step.slice(0, -2) : step;
    if (!(name in value)) continue;
    const inner = value[name];
    const below = tree[step]!;
    let mapped: JsonValue | undefined;
    if (!isArray) mapped = mapValue(inner, below, change, `${where}.${name}`);
    else if (!Array.isArray(inner)) mapped = inner;
    else {
      const entries = inner.map((entry, index) => mapValue(entry, below, change, `${where}.${name}[${index}]`) as JsonValue);
      mapped = entries.some((entry, index) => entry !== inner[index]) ? entries : inner;
    }
    if (mapped !== inner) {
      copy ??= { ...value };
      copy[name] = mapped as JsonValue;
    }
  }
  return copy ?? value;
}

/** The event's data with `change` applied to each personal string its type lists (the same object when nothing changed). */
function mapPersonal(type: string, data: JsonObject, change: Change): JsonObject {
  const tree = PERSONAL_TREES[type];
  return tree ? mapTree(data, tree, change, type) : data;
}

/** Empty fields hold nothing: they stay empty, sealed or erased. */
const holdsText = (value: string): boolean => value !== '' && !isSealed(value);

/** Seals the event's personal fields under the subject's key (empty fields hold nothing and stay empty). */
export async function sealEvent(event: NewEvent, subject: string, keyring: Keyring): Promise<NewEvent> {
  if (!PERSONAL_EVENT_FIELDS[event.type]) return event;
  const key = await keyring.sealingKey(subject);
  return {
    ...event,
    data: mapPersonal(event.type, event.data, (value) => (holdsText(value) ? sealValue(value, subject, key) : value)),
  };
}

/** A personal field that would be stored in the clear: where, so the refusal can say it. */
export function unsealedField(event: NewEvent): string | null {
  let found: string | null = null;
  mapPersonal(event.type, event.data, (value, where) => {
    if (found === null && holdsText(value)) found = where;
    return value;
  });
  return found;
}

/** The keys of the subjects whose sealed values the event holds (null: erased), each looked up once. */
async function openingKeysOf(event: StoredEvent, keyring: Keyring): Promise<Map<string, SubjectKey>> {
  const keys = new Map<string, SubjectKey>();
  mapPersonal(event.type, event.data, (value) => {
    const subject = isSealed(value) ? subjectOfSealed(value) : null;
    if (subject !== null) keys.set(subject, null);
    return value;
  });
  for (const subject of keys.keys()) keys.set(subject, await keyring.openingKey(subject));
  return keys;
}

/** The event with its personal fields opened, or read as erased when their key is gone. */
export async function openEvent(event: StoredEvent, keyring: Keyring): Promise<StoredEvent> {
  if (!PERSONAL_EVENT_FIELDS[event.type]) return event;
  const keys = await openingKeysOf(event, keyring);
  const openField = (value: string): string => {
    if (!isSealed(value)) return value;
    const key = keys.get(subjectOfSealed(value) ?? '');
    return key ? openValue(value, key) : ERASED;
  };
  return { ...event, data: mapPersonal(event.type, event.data, openField) };
}

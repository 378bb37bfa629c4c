import { DEFAULT_LOCALE, type Locale } from '../locale.js';
import { isMessageKey, MESSAGE_TEXTS, type MessageKey, type MessageParamName } from './catalogue.js';

/** A value for a placeholder: shown as it is, or (a message) in the same language. */
export type MessageParam = string | number | Message;

/** A text to show, in no language yet: its key in the catalogue and the values of its placeholders. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, MessageParam>>;
}

type ParamsOf<K extends MessageKey> = { readonly [P in MessageParamName<K>]: MessageParam };
/** A key's parameters: none for a text without placeholders, else exactly its placeholders. */
type ParamsArgument<K extends MessageKey> = [MessageParamName<K>] extends [never] ? [] : [params: ParamsOf<K>];

/** A message whose parameters the compiler checks against its zh-CN text. */
export function message<K extends MessageKey>(key: K, ...[params]: ParamsArgument<K>): Message {
  return params === undefined ? { key } : { key, params: params };
}

/** The message's text in a language (zh-CN when that language lacks it); placeholders are filled once, never re-read. */
export function renderMessage(text: Message, locale: Locale = DEFAULT_LOCALE): string {
  const template = MESSAGE_TEXTS[locale][text.key] ?? MESSAGE_TEXTS[DEFAULT_LOCALE][text.key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = text.params?.[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? renderMessage(value, locale) : String(value);
  });
}

/**
 * A message as a zod issue carries it (zod's `message` is a string): the key, followed by its
 * parameters as JSON when it has any: `validation.tooLong{"max":50}`.
 */
export function encodeMessage(text: Message): string {
  return text.params && Object.keys(text.params).length > 0 ? `${text.key}${JSON.stringify(text.params)}` : text.key;
}

/** A key with its parameters, as a zod issue message: `.max(50, issueMessage('validation.tooLong', { max: 50 }))`. */
export const issueMessage = <K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string => encodeMessage(message(key, ...params));

const isParam = (value: unknown): value is MessageParam =>
  typeof value === 'string' || typeof value === 'number' || (typeof value === 'object' && value !== null && isMessage(value));

function isMessage(value: object): value is Message {
  const { key, params } = value as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || !isMessageKey(key)) return false;
  return params === undefined || (typeof params === 'object' && params !== null && Object.values(params).every(isParam));
}

/** The message an encoded text stands for, or null for any other text. */
export function decodeMessage(text: string): Message | null {
  const brace = text.indexOf('{');
  const key = brace === -1 ? text : text.slice(0, brace);
  if (!isMessageKey(key)) return null;
  if (brace === -1) return { key };
  try {
    const candidate: unknown = { key, params: JSON.parse(text.slice(brace)) as unknown };
    return isMessage(candidate as object) ? (candidate as Message) : null;
  } catch {
    return null;
  }
}

/** The message a zod issue carries; the generic "invalid input" for any other text. */
export const messageOfIssue = (encoded: string | undefined): Message =>
  (encoded !== undefined && decodeMessage(encoded)) || message('validation.invalid');

/** An issue's text in a language. */
export const issueText = (encoded: string, locale: Locale = DEFAULT_LOCALE): string => renderMessage(messageOfIssue(encoded), locale);

import { z } from 'zod';
import { issueMessage } from '../messages/message.js';

/** The message keys of the forms' fields (their texts: messages/validation-texts.ts). */
const tooLong = (max: number) => issueMessage('validation.tooLong', { max });
const INVALID_CHARACTERS = issueMessage('validation.invalidCharacters');

/** JSON null and absent both mean "not given". */
const orEmpty = (value: unknown) => (value === null || value === undefined ? '' : value);

/**
 * What no form field needs and some would be harmed by: control characters (C0, DEL and C1),
 * unpaired UTF-16 surrogates (PostgreSQL's text and jsonb cannot store NUL or a lone surrogate at
 * all), and the invisible format characters (Unicode category Cf) that make text read otherwise
 * than it is: bidirectional overrides, embeddings, isolates and marks (a name that shows as
 * "张三" but sorts and matches as something else), zero-width spaces and joiners, the byte-order
 * mark, tag characters. In unicode mode a surrogate class matches only a lone one.
 */
const UNSTORABLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);
/** Text from outside that is taken as it comes (a WeChat nickname, a file name): those characters dropped. */
export const storableText = (value: string): string => value.replace(new RegExp(UNSTORABLE.source, 'gu'), '');

/** An optional text field, trimmed and bounded. */
export const optionalText = (max = 255) =>
  z.preprocess(orEmpty, z.string().trim().max(max, tooLong(max)).refine(isStorableText, INVALID_CHARACTERS));

/** A required text field, trimmed and bounded. */
export const requiredText = (max = 255, message: string = issueMessage('validation.required')) =>
  z.preprocess(
    orEmpty,
    z.string().trim().min(1, { error: message, abort: true }).max(max, tooLong(max)).refine(isStorableText, INVALID_CHARACTERS),
  );

/** The largest id a table's `integer` key holds: a larger one names nothing (and must not reach the database). */
export const MAX_ROW_ID = 2_147_483_647;
/** A numeric row id (user, institution) given as a number or a string of digits. */
export const rowIdField = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/** Ids arrive as strings or numbers; they are kept as strings. */
const idLike = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : orEmpty(value)),
    z
      .string({ error: message })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, message),
  );

export const orderIdField = idLike(issueMessage('validation.orderIdMissing'));
/** Institution ids are positive integers; "0996" and 996 both name 996. */
const RESOURCE_MISSING = issueMessage('validation.resourceMissing');
export const resourceIdField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : orEmpty(value)),
  z
    .string({ error: RESOURCE_MISSING })
    .trim()
    .regex(/^\d{1,10}$/, RESOURCE_MISSING)
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, RESOURCE_MISSING)
    .transform(String),
);

const EMAIL_INVALID = issueMessage('validation.emailInvalid');
export const emailField = z.preprocess(
  orEmpty,
  z
    .string()
    .trim()
    .min(1, { error: issueMessage('validation.emailRequired'), abort: true })
    .max(254, EMAIL_INVALID)
    .pipe(z.email(EMAIL_INVALID)),
);

export const passwordField = z.preprocess(
  orEmpty,
  z
    .string()
    .min(1, { error: issueMessage('validation.passwordRequired'), abort: true })
    .min(6, issueMessage('validation.passwordTooShort'))
    .max(128, tooLong(128)),
);

/**
 * A password being set (register, reset): at least 10 characters, a payer's minimum (DESIGN.md
 * section 12). Staff need 12 and no password may be a common one: the server checks both
 * (src/api/auth/password-policy.ts), because the list is too large for the web app.
 */
export const NEW_PASSWORD_MIN_LENGTH = 10;
export const newPasswordField = z.preprocess(
  orEmpty,
  z
    .string()
    .min(1, { error: issueMessage('validation.passwordRequired'), abort: true })
    .refine((password) => [...password].length >= NEW_PASSWORD_MIN_LENGTH, issueMessage('validation.newPasswordTooShort'))
    .max(128, tooLong(128)),
);

export const confirmationField = z.preprocess(
  orEmpty,
  z
    .string()
    .min(1, { error: issueMessage('validation.confirmationRequired'), abort: true })
    .min(6, issueMessage('validation.confirmationTooShort'))
    .max(128, tooLong(128)),
);

import { z } from 'zod';

/** Chinese messages of the forms (SPEC.md sections 5 and 8). */
export const MESSAGES = {
  orderIdMissing: '缺少订单ID',
  emailRequired: '请输入邮箱',
  emailInvalid: '请输入有效的邮箱地址',
  passwordRequired: '请输入密码',
  passwordTooShort: '密码至少需要 6 个字符',
  confirmationRequired: '请再次输入密码',
  confirmationTooShort: '确认密码至少需要 6 个字符',
  agreementRequired: '请先阅读并同意协议！',
  resourceMissing: '请先选择汇款对象',
  amountInvalid: '请输入有效的金额',
  invalidCharacters: '包含无效字符',
  amountAboveMaximum: '金额超出上限',
  required: '此项为必填项',
  tooLong: (max: number) => `最多 ${max} 个字符`,
  amountBelowMinimum: (currency: string) => `金额必须高于 ${currency} 3000`,
  amountTooManyDecimals: (currency: string, digits: number) =>
    digits === 0 ? `${currency} 金额不能有小数` : `${currency} 金额最多 ${digits} 位小数`,
} as const;

/** The limit a MESSAGES.tooLong text names, so a translation can say it again; null for other texts. */
export function tooLongLimit(message: string): number | null {
  const match = /^最多 (\d+) 个字符$/.exec(message);
  return match ? Number(match[1]) : null;
}

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
  z.preprocess(orEmpty, z.string().trim().max(max, MESSAGES.tooLong(max)).refine(isStorableText, MESSAGES.invalidCharacters));

/** A required text field, trimmed and bounded. */
export const requiredText = (max = 255, message: string = MESSAGES.required) =>
  z.preprocess(
    orEmpty,
    z
      .string()
      .trim()
      .min(1, { error: message, abort: true })
      .max(max, MESSAGES.tooLong(max))
      .refine(isStorableText, MESSAGES.invalidCharacters),
  );

/** Ids arrive as strings or numbers; they are kept as strings. */
const idLike = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : orEmpty(value)),
    z.string({ error: message }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, message),
  );

export const orderIdField = idLike(MESSAGES.orderIdMissing);
/** Institution ids are positive integers; "0996" and 996 both name 996. */
export const resourceIdField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : orEmpty(value)),
  z
    .string({ error: MESSAGES.resourceMissing })
    .trim()
    .regex(/^\d{1,10}$/, MESSAGES.resourceMissing)
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, MESSAGES.resourceMissing)
    .transform(String),
);

export const emailField = z.preprocess(
  orEmpty,
  z.string().trim().min(1, { error: MESSAGES.emailRequired, abort: true }).max(254, MESSAGES.emailInvalid).pipe(z.email(MESSAGES.emailInvalid)),
);

export const passwordField = z.preprocess(
  orEmpty,
  z.string().min(1, { error: MESSAGES.passwordRequired, abort: true }).min(6, MESSAGES.passwordTooShort).max(128, MESSAGES.tooLong(128)),
);

export const confirmationField = z.preprocess(
  orEmpty,
  z.string().min(1, { error: MESSAGES.confirmationRequired, abort: true }).min(6, MESSAGES.confirmationTooShort).max(128, MESSAGES.tooLong(128)),
);

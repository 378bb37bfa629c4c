import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../../domain/validation/account.js';
import { MESSAGES, tooLongLimit } from '../../../../domain/validation/fields.js';
import type { Translate } from '../../../i18n/i18n.js';
import type { StepMessageKey } from '../messages.js';

/** The domain's messages are Chinese; each one the step forms can meet has its translation here. */
const KNOWN: Readonly<Record<string, StepMessageKey>> = {
  [MESSAGES.required]: 'invalid.required',
  [MESSAGES.emailRequired]: 'invalid.emailRequired',
  [MESSAGES.emailInvalid]: 'invalid.email',
  [MESSAGES.orderIdMissing]: 'error.orderIdMissing',
  [MESSAGES.invalidCharacters]: 'invalid.characters',
  国家区号格式不正确: 'invalid.countryCode',
  请输入有效的手机号: 'invalid.phone',
  'SWIFT/BIC 应为 8 或 11 位字母或数字': 'invalid.swift',
};

/** A validation message in the chosen language (an unknown one is shown as it is). */
export function translateIssue(t: Translate<StepMessageKey>, message: string): string {
  const key = KNOWN[message];
  if (key) return t(key);
  const max = tooLongLimit(message);
  return max === null ? message : t('invalid.tooLong', { max });
}

/** First message per field of a payload checked against one of the domain's schemas. */
export function firstIssues(schema: z.ZodType, payload: unknown): Record<string, string> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors(result.error))) {
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}

const without = (errors: Record<string, string>, field: string) => {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
};

/**
 * SPEC.md section 5, "Validation timing": a field is checked on blur when it is not empty; once it
 * shows an error, each change checks it again and the error goes as soon as the value is valid.
 * Next checks every field.
 */
export function useFieldValidation<V>(validate: (values: V) => Record<string, string>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const blur = useCallback(
    (field: string, value: string, values: V) => {
      if (value.trim() === '') return;
      const message = validate(values)[field];
      setErrors((current) => (message ? { ...current, [field]: message } : without(current, field)));
    },
    [validate],
  );
  const change = useCallback(
    (field: string, values: V) => {
      setErrors((current) => {
        if (!(field in current)) return current;
        const message = validate(values)[field];
        return message ? { ...current, [field]: message } : without(current, field);
      });
    },
    [validate],
  );
  const checkAll = useCallback(
    (values: V): Record<string, string> => {
      const all = validate(values);
      setErrors(all);
      return all;
    },
    [validate],
  );
  return { errors, blur, change, checkAll };
}

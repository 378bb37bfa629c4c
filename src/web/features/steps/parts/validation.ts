import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldIssues } from '../../../../domain/validation/account.js';

/** First message per field (a message key, shown with the domain's issueText) of a payload checked against one of the domain's schemas. */
export function firstIssues(schema: z.ZodType, payload: unknown): Record<string, string> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldIssues(result.error))) {
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

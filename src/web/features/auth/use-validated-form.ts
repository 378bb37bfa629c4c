import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

type Value = string | boolean;

/** A domain zod object schema: its fields are checked one by one, the whole on submit. */
interface FormSchema<K extends string, O> {
  readonly shape: { readonly [F in NoInfer<K>]: z.ZodType };
  safeParse(data: unknown): z.ZodSafeParseResult<O>;
}

const firstMessage = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

const isEmpty = (value: Value) => (typeof value === 'string' ? value.trim() === '' : false);

/**
 * Form state with the validation timing of SPEC.md section 5: a field is checked on blur when it is
 * not empty; a shown error is re-checked on change and clears once the value is valid (a checkbox is
 * checked on every change); submit checks everything. Messages are the domain's (Chinese) texts.
 */
export function useValidatedForm<K extends string, O>(schema: FormSchema<K, O>, initial: Record<K, Value>) {
  const initialRef = useRef(initial);
  const [values, setValues] = useState<Record<K, Value>>(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  const setError = useCallback((field: K, message: string | null) => {
    setErrors((current) => {
      if ((current[field] ?? null) === message) return current;
      const next = { ...current };
      if (message === null) delete next[field];
      else next[field] = message;
      return next;
    });
  }, []);

  const check = useCallback((field: K, value: Value) => firstMessage(schema.shape[field], value), [schema]);

  const change = useCallback(
    (field: K, value: Value) => {
      setValues((current) => ({ ...current, [field]: value }));
      if (typeof value === 'boolean' || errorsRef.current[field] !== undefined) setError(field, check(field, value));
    },
    [check, setError],
  );

  const blur = useCallback(
    (field: K, value: Value) => {
      if (!isEmpty(value)) setError(field, check(field, value));
    },
    [check, setError],
  );

  /** Checks every field; the parsed payload when valid, else null with every error shown. */
  const validateAll = useCallback((): O | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Partial<Record<K, string>> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as K;
      if (field in values && next[field] === undefined) next[field] = issue.message;
    }
    setErrors(next);
    return null;
  }, [schema, values]);

  /** Back to the initial values, without errors (after a failed submit, SPEC.md section 8). */
  const reset = useCallback(() => {
    setValues(initialRef.current);
    setErrors({});
  }, []);

  return { values, errors, change, blur, validateAll, reset };
}

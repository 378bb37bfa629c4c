import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { issueText } from '../../domain/messages/message.js';
import { useLocale } from '../i18n/i18n.js';
import { domainResolver } from './domain-resolver.js';
import { SERVER_ERROR, serverFieldErrors } from './server-field-errors.js';

/**
 * When a field is checked, besides on submit:
 * - 'onBlurWhenFilled' (SPEC.md section 5): on blur when it is not empty, and on each change while
 *   it shows an error, so the error goes as soon as the value is valid (and nothing new appears
 *   while typing);
 * - 'whileTyping' (step 1's amount, whose problem SPEC shows at once): on each change of a value
 *   that is not empty.
 */
export type CheckTiming = 'onBlurWhenFilled' | 'whileTyping';

export interface DomainFormOptions<V extends FieldValues> {
  readonly defaultValues: DefaultValues<V>;
  /** What the schema checks and submit receives: the API call's payload built from the values. */
  readonly toPayload?: (values: V) => FieldValues;
  readonly timing?: CheckTiming;
}

/** Empty as SPEC means it: nothing typed (spaces are nothing), or a box not ticked. */
const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');

const asIs = <V extends FieldValues>(values: V): FieldValues => values;

/**
 * A react-hook-form form checked by one of the domain's zod schemas, with SPEC's timing and the
 * domain's message keys shown in the chosen language. react-hook-form itself checks only on submit
 * ('onSubmit' before and after): its 'onBlur' mode never re-checks on change before the first submit
 * and checks empty fields on blur, and its 'onChange' re-validation shows new errors while typing
 * after one. The field bindings (`bind`, or `changed` / `blurred` for a controlled input) apply the
 * timing instead.
 */
export function useDomainForm<P, V extends FieldValues>(schema: z.ZodType<P, FieldValues>, options: DomainFormOptions<V>) {
  const { defaultValues, toPayload = asIs, timing = 'onBlurWhenFilled' } = options;
  const { locale } = useLocale();
  const form = useForm<V, unknown, P>({
    defaultValues,
    resolver: domainResolver(schema, toPayload),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { clearErrors, formState, getFieldState, getValues, register, setError, trigger } = form;

  /** Checks again those of the fields that show an error (a change elsewhere may have fixed them). */
  const recheck = async (names: readonly FieldPath<V>[]): Promise<void> => {
    const shown = names.filter((name) => getFieldState(name).error !== undefined);
    if (shown.length > 0) await trigger(shown);
  };

  /** After the value of a field changed. */
  const changed = async (name: FieldPath<V>): Promise<void> => {
    if (timing === 'onBlurWhenFilled') return recheck([name]);
    if (isBlank(getValues(name))) clearErrors(name);
    else await trigger(name);
  };

  /** After a field lost the focus. */
  const blurred = async (name: FieldPath<V>): Promise<void> => {
    if (!isBlank(getValues(name))) await trigger(name);
  };

  /** `register(name)` with the timing; `afterChange` runs once the new value is in (before the check). */
  const bind = (name: FieldPath<V>, afterChange?: () => void): UseFormRegisterReturn<FieldPath<V>> => {
    const registration = register(name);
    return {
      ...registration,
      onChange: async (event) => {
        await registration.onChange(event);
        afterChange?.();
        await changed(name);
      },
      onBlur: async (event) => {
        await registration.onBlur(event);
        await blurred(name);
      },
    };
  };

  /** The field's error in the chosen language: a message key of the schema, or the server's own text. */
  const errorText = (name: FieldPath<V>): string | null => {
    const error = getFieldState(name, formState).error;
    if (!error?.message) return null;
    return error.type === SERVER_ERROR ? error.message : issueText(error.message, locale);
  };

  /** Marks the fields a refusal of the server names, focusing the first; whether there was any. */
  const showServerErrors = (error: unknown): boolean => {
    const fieldErrors = serverFieldErrors(error, Object.keys(getValues()));
    fieldErrors.forEach(([name, message], index) =>
      setError(name as FieldPath<V>, { type: SERVER_ERROR, message }, { shouldFocus: index === 0 }),
    );
    return fieldErrors.length > 0;
  };

  return { ...form, bind, changed, blurred, recheck, errorText, showServerErrors };
}

export type DomainForm<P, V extends FieldValues> = ReturnType<typeof useDomainForm<P, V>>;

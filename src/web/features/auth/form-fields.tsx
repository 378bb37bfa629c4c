import { useCallback, type InputHTMLAttributes } from 'react';
import { issueText } from '../../../domain/messages/message.js';
import { Field, inputClass } from '../../components/form.js';
import { useLocale } from '../../i18n/i18n.js';
import * as styles from './auth.css.js';

/** A field's message (a message key of the domain's schemas) in the chosen language. */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const { locale } = useLocale();
  return useCallback((message) => (message === undefined ? undefined : issueText(message, locale)), [locale]);
}

/** The part of useValidatedForm a text field is tied to. */
interface BindableForm<K extends string> {
  readonly values: Readonly<Record<K, string | boolean>>;
  readonly errors: Readonly<Partial<Record<K, string>>>;
  change(name: K, value: string): void;
  blur(name: K, value: string): void;
}

/** TextField's value, error and handlers for one field of a validated form. */
export function bindField<K extends string>(form: BindableForm<K>, name: K, errorText: (message: string | undefined) => string | undefined) {
  return {
    value: String(form.values[name]),
    error: errorText(form.errors[name]),
    onValue: (value: string) => form.change(name, value),
    onBlurValue: (value: string) => form.blur(name, value),
  };
}

/** A labelled text input wired to useValidatedForm: change, blur and the error under it. */
export function TextField({
  id,
  label,
  value,
  error,
  onValue,
  onBlurValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'> & {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
  onBlurValue: (value: string) => void;
}) {
  return (
    <Field label={label} htmlFor={id} error={error ?? null}>
      <input
        {...input}
        id={id}
        name={id}
        className={`${inputClass} ${styles.input}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onValue(event.target.value)}
        onBlur={(event) => onBlurValue(event.target.value)}
      />
    </Field>
  );
}

import { useCallback, type InputHTMLAttributes } from 'react';
import { MESSAGES, tooLongLimit } from '../../../domain/validation/fields.js';
import { Field, inputClass } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { authMessages } from './messages.js';
import * as styles from './auth.css.js';

type AuthKey = keyof (typeof authMessages)['zh-CN'];

/** The domain's Chinese validation messages, shown in the chosen language. */
const ERROR_KEYS = new Map<string, AuthKey>([
  [MESSAGES.emailRequired, 'error.emailRequired'],
  [MESSAGES.emailInvalid, 'error.emailInvalid'],
  [MESSAGES.passwordRequired, 'error.passwordRequired'],
  [MESSAGES.passwordTooShort, 'error.passwordTooShort'],
  [MESSAGES.confirmationRequired, 'error.confirmationRequired'],
  [MESSAGES.confirmationTooShort, 'error.confirmationTooShort'],
  [MESSAGES.agreementRequired, 'error.agreementRequired'],
  [MESSAGES.required, 'error.required'],
  [MESSAGES.invalidCharacters, 'error.invalidCharacters'],
]);

export function useErrorText(): (message: string | undefined) => string | undefined {
  const t = useT(authMessages);
  return useCallback((message) => {
    if (message === undefined) return undefined;
    const key = ERROR_KEYS.get(message);
    if (key) return t(key);
    const max = tooLongLimit(message);
    return max === null ? message : t('error.tooLong', { max });
  }, [t]);
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

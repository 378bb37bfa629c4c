import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from './form.js';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'className' | 'onChange' | 'onBlur' | 'value' | 'defaultValue'
>;

export interface FormTextFieldProps extends InputAttributes {
  readonly id: string;
  readonly label: ReactNode;
  /** The form's binding of the field (useDomainForm's `bind`). */
  readonly field: UseFormRegisterReturn;
  /** The field's error, already in the chosen language. */
  readonly error: string | null;
  readonly hint?: ReactNode;
  /** Added to the input's own class. */
  readonly inputClassName?: string;
}

/** A labelled input bound to a form field, its error under it and linked to it for assistive tech. */
export function FormTextField({ id, label, field, error, hint, inputClassName, ...input }: FormTextFieldProps) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <input
        {...input}
        {...field}
        id={id}
        className={inputClassName ? `${inputClass} ${inputClassName}` : inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}

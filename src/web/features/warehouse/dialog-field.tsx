import type { HTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from '../../components/form.js';
import { FormTextField } from '../../components/form-text-field.js';

export interface DialogField {
  readonly name: string;
  readonly label: string;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** A fixed list to choose from (a select) instead of free text: each stored value with its label in the reader's language. */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
}

/** One field of a warehouse dialog: a text input, or a select when the field has a fixed list. */
export function DialogFieldControl({
  field,
  id,
  binding,
  error,
  testId,
}: {
  field: DialogField;
  id: string;
  binding: UseFormRegisterReturn;
  error: string | null;
  testId: string;
}) {
  if (!field.options)
    return (
      <FormTextField
        id={id}
        label={field.label}
        field={binding}
        error={error}
        {...(field.inputMode ? { inputMode: field.inputMode } : {})}
        data-testid={testId}
      />
    );
  return (
    <Field label={field.label} htmlFor={id} error={error}>
      <select
        {...binding}
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
      >
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

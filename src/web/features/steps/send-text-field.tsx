import { TextField } from './parts/text-field.js';
import type { SendField } from './send-values.js';
import { sendInputId, type SendFormControl } from './use-send-form.js';

interface FieldExtras {
  readonly optional?: boolean;
  readonly hint?: string;
  readonly type?: 'text' | 'email' | 'tel';
  readonly autoComplete?: string;
  readonly inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  readonly className?: string;
}

/** One text field of step 3, bound to the form; `afterChange` runs after each change the field makes. */
export function SendTextField({
  form,
  formId,
  name,
  label,
  afterChange,
  ...extra
}: { form: SendFormControl; formId: string; name: SendField; label: string; afterChange?: () => void } & FieldExtras) {
  return (
    <TextField
      id={sendInputId(formId, name)}
      label={label}
      optional={extra.optional}
      hint={extra.hint}
      type={extra.type}
      inputMode={extra.inputMode}
      autoComplete={extra.autoComplete}
      className={extra.className}
      field={form.bind(name, afterChange)}
      error={form.errorText(name)}
    />
  );
}

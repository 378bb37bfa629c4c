import type { ReactNode } from 'react';
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field.js';
import { useT } from '../../../i18n/i18n.js';
import { stepMessages } from '../messages.js';
import * as styles from '../steps.css.js';

interface TextFieldProps extends Omit<FormTextFieldProps, 'label' | 'inputClassName'> {
  readonly label: string;
  /** A second name for the field, e.g. the Japanese bank term. */
  readonly secondary?: string | null;
  readonly optional?: boolean;
  /** The grid cell's class (a wide field spans both columns). */
  readonly className?: string;
}

function StepLabel({ label, secondary, optional }: { label: string; secondary?: string | null; optional: boolean }): ReactNode {
  const t = useT(stepMessages);
  return (
    <>
      {label}
      {secondary && (
        <span className={styles.secondaryLabel} lang="ja">
          {secondary}
        </span>
      )}
      {optional && <span className={styles.optional}>({t('common.optional')})</span>}
    </>
  );
}

/** A step form's text field: its label (with the secondary name, "optional"), a read-only look for fixed values. */
export function TextField({
  label,
  secondary,
  optional = false,
  className,
  readOnly = false,
  type = 'text',
  autoComplete = 'off',
  ...field
}: TextFieldProps) {
  return (
    <div className={className}>
      <FormTextField
        {...field}
        label={<StepLabel label={label} secondary={secondary} optional={optional && !readOnly} />}
        type={type}
        autoComplete={autoComplete}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        inputClassName={readOnly ? styles.readOnly : undefined}
      />
    </div>
  );
}

import type { HTMLAttributes, ReactNode } from 'react';
import { Field, inputClass } from '../../../components/form.js';
import { useT } from '../../../i18n/i18n.js';
import { stepMessages } from '../messages.js';
import * as styles from '../steps.css.js';

interface TextFieldProps {
  readonly id: string;
  readonly label: string;
  /** A second name for the field, e.g. the Japanese bank term. */
  readonly secondary?: string | null;
  readonly optional?: boolean;
  readonly value: string;
  readonly error?: string | null;
  readonly hint?: ReactNode;
  readonly readOnly?: boolean;
  readonly type?: 'text' | 'email' | 'tel';
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly autoComplete?: string;
  readonly className?: string;
  readonly onChange?: (value: string) => void;
  readonly onBlur?: (value: string) => void;
}

/** A labelled text input with its error under it (the error is linked with aria-describedby). */
export function TextField(props: TextFieldProps) {
  const t = useT(stepMessages);
  const { id, label, secondary, optional, value, error, hint, readOnly = false } = props;
  const labelNode = (
    <>
      {label}
      {secondary && (
        <span className={styles.secondaryLabel} lang="ja">
          {secondary}
        </span>
      )}
      {optional && !readOnly && <span className={styles.optional}>({t('common.optional')})</span>}
    </>
  );
  return (
    <div className={props.className}>
      <Field label={labelNode} htmlFor={id} error={error ?? null} hint={hint}>
        <input
          id={id}
          name={id}
          type={props.type ?? 'text'}
          className={readOnly ? `${inputClass} ${styles.readOnly}` : inputClass}
          value={value}
          readOnly={readOnly}
          aria-readonly={readOnly || undefined}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete ?? 'off'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => props.onChange?.(event.target.value)}
          onBlur={(event) => props.onBlur?.(event.target.value)}
        />
      </Field>
    </div>
  );
}

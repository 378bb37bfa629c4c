import type { ButtonHTMLAttributes, ReactNode } from 'react';
import * as styles from './form.css.js';

/** A labelled field with its error under it; the control is passed as children. */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint && !error && <div className={styles.hint}>{hint}</div>}
      {error && (
        <div className={styles.error} role="alert" id={`${htmlFor}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** Primary or secondary button; while `loading` it is disabled and says so to assistive tech. */
export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary'; loading?: boolean }) {
  return (
    <button type="button" {...rest} disabled={disabled || loading} aria-busy={loading} className={styles.button[variant]}>
      {loading ? '…' : null}
      {children}
    </button>
  );
}

export const inputClass = styles.input;

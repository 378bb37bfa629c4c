import { FormTextField, type FormTextFieldProps } from '../../components/form-text-field.js';
import * as styles from './auth.css.js';

/** A text field of the account forms: the shared bound field with the account pages' taller input. */
export function AuthTextField(props: Omit<FormTextFieldProps, 'inputClassName'>) {
  return <FormTextField {...props} inputClassName={styles.input} />;
}

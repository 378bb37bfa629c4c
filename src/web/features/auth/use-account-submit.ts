import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { onSubmitOf } from '../../lib/on-submit.js';
import { errorTexts } from './errors.js';

/**
 * The account forms' submit (SPEC.md section 8): every field checked, the call made with the
 * schema's output, and on failure the server's error texts in the red alert and the form back to
 * its first values. `loading` covers the call.
 */
export function useAccountSubmit<V extends FieldValues, P>(form: UseFormReturn<V, unknown, P>, send: (payload: P) => Promise<void>) {
  const [alert, setAlert] = useState<string[]>([]);
  const submit = onSubmitOf(
    form.handleSubmit(async (payload) => {
      setAlert([]);
      try {
        await send(payload);
      } catch (error) {
        setAlert(errorTexts(error));
        form.reset();
      }
    }),
  );
  return { submit, loading: form.formState.isSubmitting, alert, setAlert };
}

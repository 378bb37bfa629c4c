import { useState, type FormEvent } from 'react';
import { errorTexts } from './errors.js';

/** The part of useValidatedForm a submit needs. */
interface SubmittableForm<O> {
  validateAll(): O | null;
  reset(): void;
}

/**
 * The account forms' submit (SPEC.md section 8): check every field, send, and on failure show the
 * server's error texts in the red alert and reset the form. `loading` covers the call.
 */
export function useFormSubmit<O>(form: SubmittableForm<O>, send: (payload: O) => Promise<void>) {
  const [alert, setAlert] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = form.validateAll();
    if (!payload) return;
    setLoading(true);
    setAlert([]);
    try {
      await send(payload);
    } catch (error) {
      setAlert(errorTexts(error));
      form.reset();
    } finally {
      setLoading(false);
    }
  };
  return { submit, loading, alert, setAlert };
}

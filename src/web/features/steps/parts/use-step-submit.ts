import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { OrderRef } from '../../../../domain/contract/order.js';
import type { DomainForm } from '../../../lib/use-domain-form.js';
import { onSubmitOf } from '../../../lib/on-submit.js';
import { useFailure } from '../../../lib/use-failure.js';

/**
 * A step form's Next: every field checked, the schema's output saved, then on to the next step. A
 * refusal is shown as an error toast (SPEC.md section 8) and, for each field it names, beside that
 * field, the first of them focused.
 */
export function useStepSubmit<P, V extends FieldValues>(
  form: DomainForm<P, V>,
  save: (payload: P) => Promise<OrderRef>,
  nextPath: (id: string) => string,
) {
  const navigate = useNavigate();
  const fail = useFailure();
  return onSubmitOf(
    form.handleSubmit(async (payload) => {
      try {
        const saved = await save(payload);
        navigate(nextPath(saved.id));
      } catch (error) {
        form.showServerErrors(error);
        fail(error);
      }
    }),
  );
}

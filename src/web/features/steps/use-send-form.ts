import { useMutation } from '@tanstack/react-query';
import type { OrderView } from '../../../domain/contract/order.js';
import { sendUpdatePayload } from '../../../domain/validation/order-steps.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { updateSendMutation } from './api/update-send.js';
import type { FilledFrom } from './parts/template-picker.js';
import { useStepSubmit } from './parts/use-step-submit.js';
import { initialValues, toPayload, type SendField } from './send-values.js';

/** Step 3's form on the order's details; saving it goes on to step 4. */
export function useSendForm(id: string, order: OrderView) {
  const form = useDomainForm(sendUpdatePayload, { defaultValues: initialValues(order), toPayload: (values) => toPayload(id, values) });
  const save = useMutation(updateSendMutation());
  const submit = useStepSubmit(form, save.mutateAsync, (savedId) => `/step/check/${savedId}`);
  /** An earlier order's patient and payer in the form; this order's own references stay. Saved only by Next. */
  const fillFrom = (payer: FilledFrom<'payer'>) => {
    const current = form.getValues();
    const values = initialValues({ ...current, accept_remittance: current.accept_remittance ?? '', ...payer });
    const fields = Object.keys(values) as SendField[];
    for (const name of fields) form.setValue(name, values[name], { shouldDirty: true });
    void form.recheck(fields);
  };
  return { form, submit, fillFrom, saving: save.isPending };
}

export type SendFormControl = ReturnType<typeof useSendForm>['form'];

/** The id of a field's input, unique to the form on the page (`formId` from useId). */
export const sendInputId = (formId: string, name: SendField): string => `${formId}-${name}`;

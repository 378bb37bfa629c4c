import { useMutation } from '@tanstack/react-query';
import type { OrderView } from '../../../domain/contract/order.js';
import { sendUpdatePayload } from '../../../domain/validation/order-steps.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { updateSendMutation } from './api/update-send.js';
import { useStepSubmit } from './parts/use-step-submit.js';
import { initialValues, toPayload, type SendField } from './send-values.js';

/** Step 3's form on the order's details; saving it goes on to step 4. */
export function useSendForm(id: string, order: OrderView) {
  const form = useDomainForm(sendUpdatePayload, { defaultValues: initialValues(order), toPayload: (values) => toPayload(id, values) });
  const save = useMutation(updateSendMutation());
  const submit = useStepSubmit(form, save.mutateAsync, (savedId) => `/step/check/${savedId}`);
  return { form, submit, saving: save.isPending };
}

export type SendFormControl = ReturnType<typeof useSendForm>['form'];

/** The id of a field's input, unique to the form on the page (`formId` from useId). */
export const sendInputId = (formId: string, name: SendField): string => `${formId}-${name}`;

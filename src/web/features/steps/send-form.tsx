import { useId } from 'react';
import type { OrderView } from '../../../domain/contract/order.js';
import { StepActions } from './parts/step-frame.js';
import { TemplatePicker, useTemplates } from './parts/template-picker.js';
import { SendPatientFields } from './send-patient-fields.js';
import { SendPayerFields } from './send-payer-fields.js';
import { useSendForm } from './use-send-form.js';

/** Step 3's form, once the order is read. */
export function SendForm({ id, order }: { id: string; order: OrderView }) {
  const formId = useId();
  const { form, submit, fillFrom, saving } = useSendForm(id, order);
  const templates = useTemplates(id, 'payer');
  return (
    <form onSubmit={submit} noValidate>
      <TemplatePicker templates={templates} part="payer" onPick={fillFrom} />
      <SendPatientFields form={form} formId={formId} />
      <SendPayerFields form={form} formId={formId} />
      <StepActions backTo={`/step/accept/${id}`} saving={saving} />
    </form>
  );
}

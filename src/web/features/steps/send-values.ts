import type { OrderView } from '../../../domain/contract/order.js';
import { SELF_RELATION } from '../../../domain/order/order-data.js';
import { namePinyin } from '../../../domain/pinyin.js';
import type { SendUpdatePayload } from '../../../domain/validation/order-steps.js';
import type { StepMessageKey } from './messages.js';

export type SendValues = Omit<SendUpdatePayload, 'id'>;
export type SendField = keyof SendValues;

/** The relationships offered, as stored (Chinese) and as labelled; 本人 is the patient themself. */
export const RELATIONS: readonly { value: string; label: StepMessageKey }[] = [
  { value: SELF_RELATION, label: 'relation.self' },
  { value: '父母', label: 'relation.parent' },
  { value: '配偶', label: 'relation.spouse' },
  { value: '子女', label: 'relation.child' },
  { value: '其他', label: 'relation.other' },
];

/** What 本人 copies from the patient, and so hides. */
export const PAYER_FIELDS = ['payer_last_name', 'payer_first_name', 'payer_idcode'] as const satisfies readonly SendField[];
export const PINYIN_FIELDS = ['student_last_name_pinyin', 'student_first_name_pinyin'] as const satisfies readonly SendField[];

const DEFAULT_COUNTRY_CODE = '+86';

/** The form's values for these details (an order's, or an earlier order's a payer fills from). */
export function initialValues(order: Pick<OrderView, SendField>): SendValues {
  const relation = order.payer_relation || SELF_RELATION;
  const self = relation === SELF_RELATION;
  const generated = namePinyin(order.student_last_name, order.student_first_name);
  return {
    student_last_name: order.student_last_name,
    student_first_name: order.student_first_name,
    student_last_name_pinyin: order.student_last_name_pinyin || generated.last,
    student_first_name_pinyin: order.student_first_name_pinyin || generated.first,
    student_email: order.student_email,
    student_idcode: order.student_idcode,
    payer_relation: relation,
    // For 本人 the stored payer names are copies of the patient's: start another payer empty.
    payer_last_name: self ? '' : order.payer_last_name,
    payer_first_name: self ? '' : order.payer_first_name,
    payer_idcode: self ? '' : order.payer_idcode,
    payer_code: order.payer_code || DEFAULT_COUNTRY_CODE,
    payer_phone: order.payer_phone,
    // Step 2's reference, sent back unchanged; step 3 edits its own remittance reference.
    accept_reference: order.accept_reference,
    accept_remittance: order.accept_remittance,
  };
}

/** SPEC.md section 5: when the payer is the patient (本人), the payer's names and ID are the patient's. */
export function toPayload(id: string, values: SendValues): SendUpdatePayload {
  if (values.payer_relation !== SELF_RELATION) return { id, ...values };
  return {
    id,
    ...values,
    payer_last_name: values.student_last_name,
    payer_first_name: values.student_first_name,
    payer_idcode: values.student_idcode,
  };
}

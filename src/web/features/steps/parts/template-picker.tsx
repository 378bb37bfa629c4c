import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import type { OrderTemplate } from '../../../../domain/contract/order-templates.js';
import { Field, inputClass } from '../../../components/form.js';
import { useT } from '../../../i18n/i18n.js';
import { useInstitutionName } from '../../../lib/institution-name.js';
import { useFormat } from '../../../lib/use-format.js';
import { templatesQuery } from '../api/find-templates.js';
import { prefillMessages } from '../prefill-messages.js';
import * as styles from './prefill.css.js';

/** The part of a template a step fills: step 2 the account, step 3 the patient and payer. */
export type TemplatePart = 'account' | 'payer';
export type FilledFrom<P extends TemplatePart> = NonNullable<OrderTemplate[P]>;

/**
 * The earlier orders that offer this step's part. A failed read offers none and says nothing:
 * the payer types the details as before.
 */
export function useTemplates<P extends TemplatePart>(id: string, part: P, offered = true): readonly OrderTemplate[] {
  const templates = useQuery({ ...templatesQuery(id), enabled: offered });
  if (!offered) return [];
  return (templates.data ?? []).filter((template) => template[part] !== null);
}

interface TemplatePickerProps<P extends TemplatePart> {
  readonly templates: readonly OrderTemplate[];
  readonly part: P;
  /** Fills the form from the chosen order's part; nothing is saved until Next. */
  readonly onPick: (values: FilledFrom<P>) => void;
}

/** "Fill from an earlier order": shown only when there is one to fill from. */
export function TemplatePicker<P extends TemplatePart>({ templates, part, onPick }: TemplatePickerProps<P>) {
  const t = useT(prefillMessages);
  const format = useFormat();
  const institutionName = useInstitutionName();
  const id = useId();
  const [picked, setPicked] = useState<OrderTemplate | null>(null);
  if (templates.length === 0) return null;

  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = templates.find((template) => template.id === event.target.value);
    const values = chosen?.[part];
    if (!chosen || !values) return;
    setPicked(chosen);
    onPick(values);
  };
  return (
    <div className={styles.prefill} data-testid="prefill">
      <Field label={t('prefill.label')} htmlFor={id}>
        <select id={id} className={`${inputClass} ${styles.prefillSelect}`} value={picked?.id ?? ''} onChange={choose}>
          <option value="" disabled>
            {t('prefill.choose')}
          </option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {t('prefill.option', {
                orderNo: template.order_no,
                institution: institutionName(template.resource_name, template.resource_name_en),
                date: format.date(template.created_at),
              })}
            </option>
          ))}
        </select>
      </Field>
      {picked && (
        <p className={styles.prefillNote} role="status">
          {t('prefill.filled', { orderNo: picked.order_no })}
        </p>
      )}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useDomainForm } from '../../lib/use-domain-form.js';
import { DialogFieldControl, type DialogField } from './dialog-field.js';
import { warehouseMessages } from './messages.js';
import * as styles from './warehouse.css.js';

interface FormDialogProps<P> {
  readonly title: string;
  readonly testId: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly schema: z.ZodType<P, FieldValues>;
  readonly fields: readonly DialogField[];
  readonly defaultValues: Readonly<Record<string, string>>;
  /** Adds what the form does not show (the record or goods id). */
  readonly toPayload?: (values: Record<string, string>) => FieldValues;
  readonly submit: (payload: P) => Promise<unknown>;
  readonly onDone: (answer: unknown) => void;
  readonly note?: string;
}

/**
 * A warehouse form in a dialog: the domain's schema checks it as the server will; a refusal keeps
 * the dialog open with the fields' errors and an error toast (SPEC.md section 8, inbound create).
 * The fields scroll and the footer with submit stays at the dialog's foot, so on a phone the
 * button is in view however long the form (issue 24).
 */
export function FormDialog<P>({
  title,
  testId,
  open,
  onOpenChange,
  schema,
  fields,
  defaultValues,
  toPayload,
  submit,
  onDone,
  note,
}: FormDialogProps<P>) {
  const t = useT(warehouseMessages);
  const notify = useNotify();
  const id = useId();
  const send = useMutation({ mutationFn: submit });
  const form = useDomainForm<P, Record<string, string>>(schema, {
    defaultValues: { ...defaultValues },
    ...(toPayload ? { toPayload } : {}),
  });
  const onSubmit = form.handleSubmit((payload) =>
    send.mutate(payload, {
      onSuccess: (answer) => {
        notify.success(t('done'));
        form.reset({ ...defaultValues });
        onDone(answer);
      },
      onError: (error) => {
        form.showServerErrors(error);
        notify.error(errorText(error));
      },
    }),
  );
  return (
    <DialogFrame title={title} testId={testId} open={open} onOpenChange={onOpenChange}>
      {note && <p className={styles.muted}>{note}</p>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={styles.dialogGrid}>
          {fields.map((field) => (
            <DialogFieldControl
              key={field.name}
              field={field}
              id={`${id}-${field.name}`}
              binding={form.bind(field.name)}
              error={form.errorText(field.name)}
              testId={`${testId}-${field.name}`}
            />
          ))}
        </div>
        <div className={styles.dialogFooter} data-testid={`${testId}-footer`}>
          <DialogCloseButton>{t('dialog.cancel')}</DialogCloseButton>
          <Button type="submit" loading={send.isPending} data-testid={`${testId}-submit`}>
            {t('dialog.submit')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

import { useMutation } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState, type ReactElement } from 'react';
import { useNotify } from '../../../components/notify.js';
import { errorText } from '../../../lib/error-text.js';
import * as styles from './order-detail.css.js';

interface Props {
  /** The button that opens the dialog. */
  readonly trigger: ReactElement;
  readonly title: string;
  readonly description: string;
  readonly keepLabel: string;
  readonly confirmLabel: string;
  readonly confirmClassName: string;
  /** The success toast: says what succeeded ("订单已取消"), not just that something did. */
  readonly successText: string;
  /** The command, run once per confirmation; the dialog closes when it succeeds and stays open on failure. */
  readonly run: () => Promise<unknown>;
}

/** An order command the payer must confirm first (cancelling, declaring a transfer): the dialog names what it does. */
export function CommandDialog({ trigger, title, description, keepLabel, confirmLabel, confirmClassName, successText, run }: Props) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const command = useMutation({
    mutationFn: run,
    onSuccess: () => {
      setOpen(false);
      notify.success(successText);
    },
    onError: (error) => notify.error(errorText(error)),
  });
  const busy = command.isPending;

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogText}>{description}</AlertDialog.Description>
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button" className={styles.smallButton} disabled={busy}>
                {keepLabel}
              </button>
            </AlertDialog.Cancel>
            <button type="button" className={confirmClassName} onClick={() => command.mutate()} disabled={busy} aria-busy={busy}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

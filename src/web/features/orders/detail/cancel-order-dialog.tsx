import { useMutation } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { cancelOrderMutation } from './api/cancel-order.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** A real cancellation, offered only where the order machine allows it, after a confirmation. */
export function CancelOrderDialog({ orderId }: { orderId: string }) {
  const t = useT(orderDetailMessages);
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const cancel = useMutation(cancelOrderMutation());
  const busy = cancel.isPending;

  const confirm = async () => {
    try {
      await cancel.mutateAsync(orderId);
      setOpen(false);
      notify.success(t('toast.success'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <button type="button" className={styles.manageLink.danger}>
          {t('manage.cancel')}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>{t('cancel.title')}</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogText}>{t('cancel.body')}</AlertDialog.Description>
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button" className={styles.smallButton} disabled={busy}>
                {t('cancel.keep')}
              </button>
            </AlertDialog.Cancel>
            <button type="button" className={styles.dangerButton} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {t('cancel.confirm')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

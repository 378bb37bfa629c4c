import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n.js';
import { cancelOrderMutation } from '../detail/api/cancel-order.js';
import { CommandDialog } from '../detail/command-dialog.js';
import * as dialogStyles from '../detail/order-detail.css.js';
import { ordersListMessages } from './messages.js';
import * as styles from './orders-list.css.js';

/**
 * The row's cancel, confirmed first. The detail page's dialog and command, so that cancelling looks
 * and behaves the same from both pages; the command settles once the list shows the new status, and
 * the dialog toasts the outcome (the server's reason on a refusal, leaving the dialog open to retry).
 */
export function CancelOrderAction({ orderId, summary }: { orderId: string; summary: string }) {
  const t = useT(ordersListMessages);
  const { mutateAsync: cancel } = useMutation(cancelOrderMutation());
  return (
    <CommandDialog
      trigger={
        <button type="button" className={styles.cancel} aria-label={t('orders.cancelNamed', { summary })}>
          {t('orders.cancel')}
        </button>
      }
      title={t('orders.cancelTitle')}
      // Several orders are listed: the dialog names the one it cancels.
      description={t('orders.cancelBody', { summary })}
      keepLabel={t('orders.cancelKeep')}
      confirmLabel={t('orders.cancelConfirm')}
      confirmClassName={dialogStyles.dangerButton}
      successText={t('orders.cancelled')}
      run={() => cancel(orderId)}
    />
  );
}

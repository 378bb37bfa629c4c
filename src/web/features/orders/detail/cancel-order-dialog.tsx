import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n.js';
import { cancelOrderMutation } from './api/cancel-order.js';
import { CommandDialog } from './command-dialog.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** A real cancellation, offered only where the order machine allows it, after a confirmation. */
export function CancelOrderDialog({ orderId }: { orderId: string }) {
  const t = useT(orderDetailMessages);
  const { mutateAsync: cancel } = useMutation(cancelOrderMutation());
  return (
    <CommandDialog
      trigger={
        <button type="button" className={styles.manageLink.danger}>
          {t('manage.cancel')}
        </button>
      }
      title={t('cancel.title')}
      description={t('cancel.body')}
      keepLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      confirmClassName={styles.dangerButton}
      successText={t('toast.cancelled')}
      run={() => cancel(orderId)}
    />
  );
}

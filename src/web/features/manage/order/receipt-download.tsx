import type { ManageOrderDetail } from '../../../../domain/contract/manage.js';
import { hasReceipt, ReceiptDownloadButton } from '../../../components/receipts/receipt-download-button.js';
import * as styles from '../manage.css.js';

/** The order's signed receipt for admins and auditors (DESIGN.md section 11); nothing before money arrives. */
export function ReceiptDownload({ order }: { order: ManageOrderDetail }) {
  if (!hasReceipt(order.paid_cny)) return null;
  return (
    <div className={styles.card} data-testid="manage-receipt">
      <ReceiptDownloadButton orderId={order.id} paidCny={order.paid_cny} />
    </div>
  );
}

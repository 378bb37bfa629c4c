import { useQuery } from '@tanstack/react-query';
import { ReceiptDownloadButton } from '../../../components/receipts/receipt-download-button.js';
import { orderDetailQuery } from './api/find-order.js';

/** The payer's signed receipt (DESIGN.md section 11), from the order the page has already loaded; nothing before money arrives. */
export function OrderReceiptButton({ orderId }: { orderId: string }) {
  // Only a reader of the page's query: it never fetches on its own (the page decides when to read again).
  const order = useQuery({ ...orderDetailQuery(orderId), staleTime: Infinity }).data;
  return <ReceiptDownloadButton orderId={orderId} paidCny={order?.paid_cny} />;
}

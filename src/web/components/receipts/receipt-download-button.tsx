import { useState } from 'react';
import { Button } from '../form.js';
import { useNotify } from '../notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { downloadReceipt } from '../../lib/download-receipt.js';
import { receiptButtonMessages } from './messages.js';

/** Whether the order has a receipt: the server issues one once money has been received. */
export const hasReceipt = (paidCny: string | null | undefined): paidCny is string =>
  // A gate for a button, not arithmetic: the decimal text compared as a number is enough.
  !!paidCny && Number(paidCny) > 0;

/**
 * Downloads the order's signed receipt (PDF); shown only once money has been received, since the
 * server issues none before (409).
 */
export function ReceiptDownloadButton({ orderId, paidCny }: { orderId: string; paidCny: string | null | undefined }) {
  const t = useT(receiptButtonMessages);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!hasReceipt(paidCny)) return null;
  return (
    <Button
      variant="secondary"
      loading={busy}
      data-testid="receipt-download"
      onClick={() => {
        setBusy(true);
        downloadReceipt(orderId)
          .catch((error: unknown) => notify.error(errorText(error)))
          .finally(() => setBusy(false));
      }}
    >
      {t('download.label')}
    </Button>
  );
}

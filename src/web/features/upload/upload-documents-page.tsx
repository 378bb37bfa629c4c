import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../domain/order/progress.js';
import { isStatus } from '../../../domain/order/status.js';
import { ApiError } from '../../lib/api-client.js';
import { errorText } from '../../lib/error-text.js';
import { uploadLinkQuery, type UploadLinkOrder } from './api/find-upload-link.js';
import { LinkDocuments } from './link-documents.js';
import { LinkInactive, UploadLoadFailed, UploadLoading } from './upload-states.js';

/**
 * The machine's uploader rule: the link is active (or find would have said 404) and the order has
 * not ended (the machine tags its final states).
 */
export const linkMayChangeFiles = (order: UploadLinkOrder): boolean =>
  isStatus(order.status) && !statusHasTag(order.status, ORDER_TAGS.ended);

/**
 * /upload_documents/:token (SPEC.md "Public upload page"): whoever holds the order's active
 * upload link adds or removes its documents without logging in.
 */
export default function UploadDocumentsPage() {
  const { token = '' } = useParams();
  const link = useQuery(uploadLinkQuery(token));
  const order = link.data ?? null;
  // The code says the link is unknown or switched off (a 4xx, so never retried); other failures may be retried.
  const inactive = !order && link.error instanceof ApiError && link.error.code === 'upload_link_inactive';

  if (!order && !link.isError) return <UploadLoading />;
  if (inactive) return <LinkInactive />;
  if (!order) return <UploadLoadFailed reason={errorText(link.error)} onRetry={() => void link.refetch()} />;
  return <LinkDocuments token={token} order={order} editable={linkMayChangeFiles(order)} />;
}

import { useMutation } from '@tanstack/react-query';
import type { ManageOrderDetail } from '../../../domain/contract/manage.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { changeUploadDocumentMutation } from './api/orders.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';

/** The supplementary upload link: shown with a copy button while it is on; admins switch it. */
export function UploadLinkControl({ order, editable }: { order: ManageOrderDetail; editable: boolean }) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const toggle = useMutation(changeUploadDocumentMutation());
  const link =
    order.active_upload_document && order.upload_document_token
      ? `${window.location.origin}/upload_documents/${order.upload_document_token}`
      : null;
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => notify.success(t('order.copied')),
      (error: unknown) => notify.hint(errorText(error)),
    );
  return (
    <div data-testid="upload-link">
      {link ? (
        <div className={styles.linkBox}>
          <a href={link} target="_blank" rel="noopener noreferrer" data-testid="upload-link-url">
            {link}
          </a>
          <button type="button" className={styles.smallButton} onClick={() => void copy(link)} data-testid="upload-link-copy">
            {t('order.copy')}
          </button>
        </div>
      ) : (
        <p className={styles.muted}>{t('order.linkInactive')}</p>
      )}
      {editable && order.kind === 'order' && (
        <Button
          type="button"
          variant="secondary"
          loading={toggle.isPending}
          onClick={() => toggle.mutate(order.id, { onError: (error) => notify.hint(errorText(error)) })}
          data-testid="upload-link-toggle"
        >
          {t(order.active_upload_document ? 'order.linkOff' : 'order.linkOn')}
        </Button>
      )}
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ManageOrderDetail } from '../../../domain/contract/manage.js';
import type { FileEntry } from '../../../domain/order/order-data.js';
import { DocumentUploader } from '../../components/documents/document-uploader.js';
import { ADMIN_MAX_FILE_BYTES } from '../../components/documents/file-limits.js';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { downloadOrderFile } from '../../lib/download-file.js';
import { errorText } from '../../lib/error-text.js';
import { updateOrderFiles, uploadOrderFile } from './api/files.js';
import { orderKey } from './api/orders.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';

/** The attachment dialog: list, download and (admins) upload with per-file progress, or remove. */
export function AttachmentsDialog({ order, editable }: { order: ManageOrderDetail; editable: boolean }) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: orderKey(order.id) }), [client, order.id]);
  const send = useCallback(
    async (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => {
      const answer = await uploadOrderFile(order.kind, order.id, file, onProgress, signal);
      refresh();
      return answer.files;
    },
    [order.kind, order.id, refresh],
  );
  const pushList = useCallback(
    async (fileList: readonly FileEntry[]) => {
      const answer = await updateOrderFiles(order.kind, order.id, fileList);
      refresh();
      return answer.jsfile;
    },
    [order.kind, order.id, refresh],
  );
  const renderLink = useCallback(
    (file: FileEntry) => (
      <button
        type="button"
        className={styles.smallButton}
        onClick={() => void downloadOrderFile(file.uid, file.name).catch((error: unknown) => notify.hint(errorText(error)))}
      >
        {t('order.download')}
      </button>
    ),
    [notify, t],
  );
  return (
    <DialogFrame
      title={t('order.attachments')}
      testId="attachments-dialog"
      trigger={
        <Button type="button" variant="secondary" data-testid="open-attachments">
          {t('order.openAttachments')} ({order.jsfile.length})
        </Button>
      }
    >
      <DocumentUploader
        files={order.jsfile}
        editable={editable}
        send={send}
        pushList={pushList}
        renderLink={renderLink}
        maxFileBytes={ADMIN_MAX_FILE_BYTES}
      />
      <div className={styles.dialogActions}>
        <DialogCloseButton>{t('order.close')}</DialogCloseButton>
      </div>
    </DialogFrame>
  );
}

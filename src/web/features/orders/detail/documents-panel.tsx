import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OrderView } from '../../../../domain/contract/order.js';
import type { FileEntry } from '../../../../domain/order/order-data.js';
import { DocumentUploader } from '../../../components/documents/document-uploader.js';
import { RequiredDocuments } from '../../../components/documents/required-documents.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import type { Abilities } from './abilities.js';
import { finishUploadMutation } from './api/finish-upload.js';
import { updateOrderFilesMutation } from './api/update-order-files.js';
import { uploadOrderFilesMutation } from './api/upload-order-files.js';
import { FileDownloadLink } from './file-download-link.js';
import { orderDetailMessages } from './messages.js';
import { TransferDeclaration } from './transfer-declaration.js';
import * as styles from './order-detail.css.js';

interface Props {
  readonly order: OrderView;
  readonly abilities: Abilities;
}

/**
 * Panel 2 (shown from status 2): several files at once with progress, removal, then 'finish
 * upload' (2 → 3) and, for a bank transfer, 'finish pay' as the payer's declaration (→ 4, after a
 * confirmation); the order is read again after either.
 */
export function DocumentsPanel({ order, abilities }: Props) {
  const t = useT(orderDetailMessages);
  const notify = useNotify();
  const { id } = order;
  const { mutateAsync: uploadFiles } = useMutation(uploadOrderFilesMutation());
  const { mutateAsync: updateFiles } = useMutation(updateOrderFilesMutation());
  const finishUpload = useMutation(finishUploadMutation());
  const busy = finishUpload.isPending;

  const send = useCallback(
    async (file: File, onProgress: (percent: number) => void, signal: AbortSignal) =>
      (await uploadFiles({ id, files: [file], onProgress, signal })).files,
    [id, uploadFiles],
  );
  const pushList = useCallback(async (fileList: readonly FileEntry[]) => (await updateFiles({ id, fileList })).jsfile, [id, updateFiles]);
  const renderLink = useCallback((file: FileEntry) => <FileDownloadLink file={file} />, []);

  const run = async () => {
    try {
      await finishUpload.mutateAsync(id);
      notify.success(t('toast.documentsSubmitted'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <div data-testid="documents-panel">
      <RequiredDocuments />
      <DocumentUploader
        key={id}
        files={order.jsfile}
        editable={abilities.changeFiles}
        send={send}
        pushList={pushList}
        renderLink={renderLink}
      />
      {(abilities.finishUploadOnceFiles || abilities.finishPay) && (
        <div className={styles.finishRow}>
          {abilities.finishUploadOnceFiles && (
            <button
              type="button"
              className={styles.payButtonKind.plain}
              onClick={() => void run()}
              disabled={!abilities.finishUpload || busy}
              aria-busy={finishUpload.isPending}
              title={abilities.finishUpload ? undefined : t('documents.needFiles')}
            >
              {t('documents.finishUpload')}
            </button>
          )}
          {abilities.finishPay && <TransferDeclaration order={order} className={styles.smallButton} />}
          {abilities.finishUploadOnceFiles && !abilities.finishUpload && <p className={styles.muted}>{t('documents.needFiles')}</p>}
        </div>
      )}
    </div>
  );
}

import { useCallback, useState } from 'react';
import type { OrderView } from '../../../../domain/contract/order.js';
import type { FileEntry } from '../../../../domain/order/order-data.js';
import { DocumentUploader, errorText } from '../../../components/documents/document-uploader.js';
import { RequiredDocuments } from '../../../components/documents/required-documents.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import type { Abilities } from './abilities.js';
import { finishPay } from './api/finish-pay.js';
import { finishUpload } from './api/finish-upload.js';
import { updateOrderFiles } from './api/update-order-files.js';
import { uploadOrderFiles } from './api/upload-order-files.js';
import { FileDownloadLink } from './file-download-link.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

interface Props {
  readonly order: OrderView;
  readonly abilities: Abilities;
  readonly onFilesChange: (files: readonly FileEntry[]) => void;
  /** Reloads the order after finishing the upload or the payment. */
  readonly reload: () => Promise<void>;
}

/**
 * Panel 2 (shown from status 2): several files at once with progress, removal, then 'finish
 * upload' (2 → 3) and 'finish pay' (→ 4); the order is reloaded after either.
 */
export function DocumentsPanel({ order, abilities, onFilesChange, reload }: Props) {
  const t = useT(orderDetailMessages);
  const notify = useNotify();
  const [busy, setBusy] = useState<'upload' | 'pay' | null>(null);
  const { id } = order;

  const send = useCallback(async (file: File, onProgress: (percent: number) => void) => (await uploadOrderFiles(id, [file], onProgress)).files, [id]);
  const pushList = useCallback(async (list: readonly FileEntry[]) => (await updateOrderFiles(id, list)).jsfile, [id]);
  const renderLink = useCallback((file: FileEntry) => <FileDownloadLink file={file} />, []);

  const run = async (which: 'upload' | 'pay') => {
    setBusy(which);
    try {
      await (which === 'upload' ? finishUpload(id) : finishPay(id));
      notify.success(t('toast.success'));
      await reload();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="documents-panel">
      <RequiredDocuments />
      <DocumentUploader files={order.jsfile} editable={abilities.changeFiles} send={send} pushList={pushList} onListChange={onFilesChange} renderLink={renderLink} />
      {(abilities.finishUploadOnceFiles || abilities.finishPay) && (
        <div className={styles.finishRow}>
          {abilities.finishUploadOnceFiles && (
            <button
              type="button"
              className={styles.payButtonKind.plain}
              onClick={() => void run('upload')}
              disabled={!abilities.finishUpload || busy !== null}
              aria-busy={busy === 'upload'}
              title={abilities.finishUpload ? undefined : t('documents.needFiles')}
            >
              {t('documents.finishUpload')}
            </button>
          )}
          {abilities.finishPay && (
            <button type="button" className={styles.smallButton} onClick={() => void run('pay')} disabled={busy !== null} aria-busy={busy === 'pay'}>
              {t('documents.finishPay')}
            </button>
          )}
          {abilities.finishUploadOnceFiles && !abilities.finishUpload && <p className={styles.muted}>{t('documents.needFiles')}</p>}
        </div>
      )}
    </div>
  );
}

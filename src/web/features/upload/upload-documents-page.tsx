import { useMutation, useQuery } from '@tanstack/react-query';
import { Accordion } from 'radix-ui';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { FileEntry } from '../../../domain/order/order-data.js';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../domain/order/progress.js';
import { isStatus } from '../../../domain/order/status.js';
import { DocumentUploader } from '../../components/documents/document-uploader.js';
import { RequiredDocuments } from '../../components/documents/required-documents.js';
import { Button } from '../../components/form.js';
import * as panel from '../../components/panel.css.js';
import { PanelTrigger } from '../../components/panel-trigger.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { ApiError } from '../../lib/api-client.js';
import { useInstitutionName } from '../../lib/institution-name.js';
import { useFormat } from '../../lib/use-format.js';
import { errorText } from '../../lib/error-text.js';
import { fileUrl } from '../../lib/download-file.js';
import { uploadLinkQuery, type UploadLinkOrder } from './api/find-upload-link.js';
import { updateLinkFilesMutation } from './api/update-link-files.js';
import { uploadLinkFilesMutation } from './api/upload-link-files.js';
import { uploadMessages } from './messages.js';
import * as styles from './upload-page.css.js';

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
  const t = useT(uploadMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const institutionName = useInstitutionName();
  const link = useQuery(uploadLinkQuery(token));
  const { mutateAsync: uploadFiles } = useMutation(uploadLinkFilesMutation());
  const { mutateAsync: updateFiles } = useMutation(updateLinkFilesMutation());

  const send = useCallback(
    async (file: File, onProgress: (percent: number) => void, signal: AbortSignal) =>
      (await uploadFiles({ token, files: [file], onProgress, signal })).files,
    [token, uploadFiles],
  );
  const pushList = useCallback(
    async (fileList: readonly FileEntry[]) => (await updateFiles({ token, fileList })).jsfile,
    [token, updateFiles],
  );
  const renderLink = useCallback(
    (file: FileEntry) => (
      <a className={styles.previewLink} href={fileUrl(file.uid, token)} target="_blank" rel="noopener noreferrer">
        {t('files.preview')}
      </a>
    ),
    [token, t],
  );
  const order = link.data ?? null;
  const editable = order ? linkMayChangeFiles(order) : false;
  // The code says the link is unknown or switched off (a 4xx, so never retried); other failures may be retried.
  const inactive = !order && link.error instanceof ApiError && link.error.code === 'upload_link_inactive';

  if (!order && !link.isError) {
    return (
      <div className={styles.page} aria-busy="true">
        <p className={styles.muted}>{tc('common.loading')}</p>
      </div>
    );
  }
  if (inactive) {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert" data-testid="link-inactive">
          <h1 className={styles.noticeTitle}>{t('link.inactive')}</h1>
          <p className={styles.muted}>{t('link.inactiveHint')}</p>
        </div>
      </div>
    );
  }
  if (!order) {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert">
          <h1 className={styles.noticeTitle}>{tc('common.loadFailed')}</h1>
          <p className={styles.muted}>{errorText(link.error)}</p>
          <p>
            <Button variant="secondary" onClick={() => void link.refetch()}>
              {tc('common.retry')}
            </Button>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.summary}>
        <h1 className={styles.institution}>
          {order.resource_name ? t('page.order', { name: institutionName(order.resource_name, order.resource_name_en) }) : t('page.title')}
        </h1>
        <span className={styles.amount}>{t('page.amount', { amount: format.money(order.amount, order.currency) })}</span>
      </div>
      <Accordion.Root type="single" collapsible defaultValue="documents">
        <Accordion.Item value="documents" className={panel.item}>
          <PanelTrigger>{t('page.title')}</PanelTrigger>
          <Accordion.Content forceMount className={panel.content}>
            <RequiredDocuments />
            <DocumentUploader
              key={token}
              files={order.jsfile}
              editable={editable}
              send={send}
              pushList={pushList}
              renderLink={renderLink}
            />
          </Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>
    </div>
  );
}

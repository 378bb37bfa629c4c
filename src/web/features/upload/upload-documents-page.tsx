import { Accordion } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { FileEntry } from '../../../domain/order/order-data.js';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../domain/order/progress.js';
import { isStatus } from '../../../domain/order/status.js';
import { DocumentUploader, errorText } from '../../components/documents/document-uploader.js';
import { RequiredDocuments } from '../../components/documents/required-documents.js';
import { Button } from '../../components/form.js';
import * as panel from '../../components/panel.css.js';
import { PanelTrigger } from '../../components/panel-trigger.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { ApiError } from '../../lib/api-client.js';
import { useFormat } from '../../lib/use-format.js';
import { findUploadLink, type UploadLinkOrder } from './api/find-upload-link.js';
import { updateLinkFiles } from './api/update-link-files.js';
import { uploadLinkFiles } from './api/upload-link-files.js';
import { uploadMessages } from './messages.js';
import * as styles from './upload-page.css.js';

type PageState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'inactive' }
  | { readonly kind: 'failed'; readonly text: string }
  | { readonly kind: 'ready'; readonly order: UploadLinkOrder };

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
  const [state, setState] = useState<PageState>({ kind: 'loading' });

  const load = useCallback(async () => {
    try {
      setState({ kind: 'ready', order: await findUploadLink(token) });
    } catch (error) {
      setState(error instanceof ApiError && error.status === 404 ? { kind: 'inactive' } : { kind: 'failed', text: errorText(error) });
    }
  }, [token]);

  useEffect(() => {
    setState({ kind: 'loading' });
    void load();
  }, [load]);

  const send = useCallback(
    async (file: File, onProgress: (percent: number) => void) => (await uploadLinkFiles(token, [file], onProgress)).files,
    [token],
  );
  const pushList = useCallback(async (list: readonly FileEntry[]) => (await updateLinkFiles(token, list)).jsfile, [token]);
  const onListChange = useCallback(
    (jsfile: readonly FileEntry[]) => setState((current) => (current.kind === 'ready' ? { kind: 'ready', order: { ...current.order, jsfile } } : current)),
    [],
  );
  const renderLink = useCallback(
    (file: FileEntry) => (
      <a className={styles.previewLink} href={`/api/v1/files/${encodeURIComponent(file.uid)}?token=${encodeURIComponent(token)}`} target="_blank" rel="noopener noreferrer">
        {t('files.preview')}
      </a>
    ),
    [token, t],
  );
  const order = state.kind === 'ready' ? state.order : null;
  const editable = order ? linkMayChangeFiles(order) : false;

  if (state.kind === 'loading') {
    return (
      <div className={styles.page} aria-busy="true">
        <p className={styles.muted}>{tc('common.loading')}</p>
      </div>
    );
  }
  if (state.kind === 'inactive') {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert" data-testid="link-inactive">
          <h1 className={styles.noticeTitle}>{t('link.inactive')}</h1>
          <p className={styles.muted}>{t('link.inactiveHint')}</p>
        </div>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert">
          <h1 className={styles.noticeTitle}>{tc('common.loadFailed')}</h1>
          <p className={styles.muted}>{state.text}</p>
          <p>
            <Button variant="secondary" onClick={() => void load()}>
              {tc('common.retry')}
            </Button>
          </p>
        </div>
      </div>
    );
  }

  const ready = state.order;
  return (
    <div className={styles.page}>
      <div className={styles.summary}>
        <h1 className={styles.institution}>{ready.resource_name ? t('page.order', { name: ready.resource_name }) : t('page.title')}</h1>
        <span className={styles.amount}>{t('page.amount', { amount: format.money(ready.amount, ready.currency) })}</span>
      </div>
      <Accordion.Root type="single" collapsible defaultValue="documents">
        <Accordion.Item value="documents" className={panel.item}>
          <PanelTrigger>{t('page.title')}</PanelTrigger>
          <Accordion.Content forceMount className={panel.content}>
            <RequiredDocuments />
            <DocumentUploader files={ready.jsfile} editable={editable} send={send} pushList={pushList} onListChange={onListChange} renderLink={renderLink} />
          </Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>
    </div>
  );
}

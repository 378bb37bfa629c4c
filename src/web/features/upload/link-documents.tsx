import { Accordion } from 'radix-ui';
import { DocumentUploader } from '../../components/documents/document-uploader.js';
import { RequiredDocuments } from '../../components/documents/required-documents.js';
import * as panel from '../../components/panel.css.js';
import { PanelTrigger } from '../../components/panel-trigger.js';
import { useT } from '../../i18n/i18n.js';
import { useInstitutionName } from '../../lib/institution-name.js';
import { useFormat } from '../../lib/use-format.js';
import type { UploadLinkOrder } from './api/find-upload-link.js';
import { uploadMessages } from './messages.js';
import { useLinkFiles } from './use-link-files.js';
import * as styles from './upload-page.css.js';

/** The order the link is for (institution, amount) and its documents, changeable while `editable`. */
export function LinkDocuments({ token, order, editable }: { token: string; order: UploadLinkOrder; editable: boolean }) {
  const t = useT(uploadMessages);
  const format = useFormat();
  const institutionName = useInstitutionName();
  const { send, pushList, renderLink } = useLinkFiles(token);
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

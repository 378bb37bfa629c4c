import { useState } from 'react';
import type { FileEntry } from '../../../../domain/order/order-data.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { downloadOrderFile, fileUrl } from '../../../lib/download-file.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** A download link for the owner: the file is fetched with the bearer token and saved. */
export function FileDownloadLink({ file }: { file: FileEntry }) {
  const t = useT(orderDetailMessages);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <a
      className={styles.link}
      href={fileUrl(file.uid)}
      aria-label={t('files.downloadLabel', { name: file.name })}
      aria-busy={busy}
      onClick={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        downloadOrderFile(file.uid, file.name)
          .catch((error: unknown) => notify.error(errorText(error)))
          .finally(() => setBusy(false));
      }}
    >
      {t('files.download')}
    </a>
  );
}

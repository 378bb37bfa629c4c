import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FileEntry } from '../../../domain/order/order-data.js';
import { useT } from '../../i18n/i18n.js';
import { fileUrl } from '../../lib/download-file.js';
import { updateLinkFilesMutation } from './api/update-link-files.js';
import { uploadLinkFilesMutation } from './api/upload-link-files.js';
import { uploadMessages } from './messages.js';
import * as styles from './upload-page.css.js';

/** What the document uploader needs to change an order's files through its upload link (the token stands in for a login). */
export function useLinkFiles(token: string) {
  const t = useT(uploadMessages);
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
  return { send, pushList, renderLink };
}

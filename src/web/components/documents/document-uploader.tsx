import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import type { FileEntry } from '../../../domain/order/order-data.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useNotify } from '../notify.js';
import * as styles from './document-uploader.css.js';
import { ACCEPTED_FILES, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from './file-limits.js';
import { FileIcon, UploadIcon } from './icons.js';
import { documentMessages } from './messages.js';
import { pushLogic, uploadLogic, uploadQueueMachine, type PushList, type SendFile } from './upload-queue-machine.js';
import { UploadRow } from './upload-rows.js';

export interface DocumentUploaderProps {
  /** The list the server keeps for the order (read again by the page after its own changes). */
  readonly files: readonly FileEntry[];
  /** Whether files may be added and removed now (the order machine's decision). */
  readonly editable: boolean;
  readonly send: SendFile;
  readonly pushList: PushList;
  /** The preview or download link of one file. */
  readonly renderLink: (file: FileEntry) => ReactNode;
  /** Files refused before sending (SPEC.md section 5: over 15 MB; the admin dialog lets up to 50 MB through). */
  readonly maxFileBytes?: number;
}

/** The queue, working with the page's current upload and list calls. */
function useUploadQueue({ files, send, pushList }: Pick<DocumentUploaderProps, 'files' | 'send' | 'pushList'>) {
  const notify = useNotify();
  const queue = useActorRef(uploadQueueMachine.provide({ actors: { upload: uploadLogic(send), pushList: pushLogic(pushList) } }), {
    input: { files },
  });
  useEffect(() => {
    queue.send({ type: 'serverList', files });
  }, [queue, files]);
  useEffect(() => {
    const failures = queue.on('failed', ({ error }) => notify.error(errorText(error)));
    return () => failures.unsubscribe();
  }, [queue, notify]);
  return queue;
}

/**
 * Several files at once, one request per file so each has its own progress bar, a retry for a
 * failed one and a cancel for any still on its way; files over 15 MB are refused before sending
 * (SPEC.md section 5). The queue and the list pushes are upload-queue-machine.ts.
 */
export function DocumentUploader({ files, editable, send, pushList, renderLink, maxFileBytes = MAX_FILE_BYTES }: DocumentUploaderProps) {
  const t = useT(documentMessages);
  const notify = useNotify();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const queue = useUploadQueue({ files, send, pushList });
  const list = useSelector(queue, (snapshot) => snapshot.context.list);
  const items = useSelector(queue, (snapshot) => snapshot.context.items);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    if (chosen.length > MAX_FILES_PER_UPLOAD) {
      notify.error(t('upload.tooMany'));
      return;
    }
    const accepted = chosen.filter((file) => file.size <= maxFileBytes);
    const refused = chosen.filter((file) => file.size > maxFileBytes).map((file) => file.name);
    // The payer's bound is the note's 15 MB: say so and name the files; the admin's 50 MB bound keeps SPEC's text.
    if (refused.length > 0)
      notify.error(maxFileBytes === MAX_FILE_BYTES ? t('upload.tooLargeEach', { names: refused.join('、') }) : t('upload.tooLarge'));
    if (accepted.length > 0) queue.send({ type: 'add', files: accepted });
  };
  const retry = (key: string) => queue.send({ type: 'retry', key });
  const cancel = (key: string) => queue.send({ type: 'cancel', key });

  return (
    <div className={styles.uploader}>
      {editable && (
        <div className={styles.actions}>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.visuallyHidden}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            tabIndex={-1}
            aria-hidden="true"
            data-testid="file-input"
            onChange={onChoose}
          />
          <button type="button" className={styles.uploadButton} onClick={() => inputRef.current?.click()}>
            <UploadIcon />
            {t('upload.button')}
          </button>
          <p className={styles.note}>{t('upload.note')}</p>
        </div>
      )}
      {!editable && <p className={styles.note}>{t('files.readOnly')}</p>}
      <ul className={styles.list} aria-label={t('files.title')}>
        {list.map((file) => (
          <li key={file.uid} className={styles.item} data-testid="file-row">
            <span className={styles.fileIcon}>
              <FileIcon />
            </span>
            <span className={styles.name} title={file.name}>
              {file.name}
            </span>
            {renderLink(file)}
            {editable && (
              <button
                type="button"
                className={styles.dangerLink}
                aria-label={t('files.deleteLabel', { name: file.name })}
                onClick={() => queue.send({ type: 'remove', uid: file.uid })}
              >
                {t('files.delete')}
              </button>
            )}
          </li>
        ))}
        {items.map((item) => (
          <UploadRow key={item.key} item={item} onRetry={retry} onCancel={cancel} />
        ))}
      </ul>
      {list.length === 0 && items.length === 0 && <p className={styles.empty}>{t('files.empty')}</p>}
    </div>
  );
}

import { Progress } from 'radix-ui';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { FileEntry } from '../../../domain/order/order-data.js';
import { useT } from '../../i18n/i18n.js';
import { ApiError } from '../../lib/api-client.js';
import { useNotify } from '../notify.js';
import * as styles from './document-uploader.css.js';
import { ACCEPTED_FILES, MAX_FILES_PER_UPLOAD, isTooLarge } from './file-limits.js';
import { FileIcon, UploadIcon } from './icons.js';
import { documentMessages } from './messages.js';

export interface DocumentUploaderProps {
  /** The list the server keeps for the order. */
  readonly files: readonly FileEntry[];
  /** Whether files may be added and removed now (the order machine's decision). */
  readonly editable: boolean;
  /** Sends one file; resolves to the entries the server stored for it. */
  readonly send: (file: File, onProgress: (percent: number) => void) => Promise<readonly FileEntry[]>;
  /** Pushes the whole list (updateFile); resolves to the list the server now keeps. */
  readonly pushList: (list: readonly FileEntry[]) => Promise<readonly FileEntry[]>;
  readonly onListChange?: (list: readonly FileEntry[]) => void;
  /** The preview or download link of one file. */
  readonly renderLink: (file: FileEntry) => ReactNode;
}

interface UploadingRow {
  readonly key: number;
  readonly name: string;
  readonly percent: number;
}

/** How many files travel at the same time. */
const PARALLEL_UPLOADS = 3;

export const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.texts.join('；') : error instanceof Error ? error.message : String(error);

/**
 * Several files at once, one request per file so each has its own progress bar; files over
 * 15 MB are refused before sending (SPEC.md section 5). After every successful upload and every
 * removal the whole list is pushed to the server, one push after the other, so the last push
 * always carries every change.
 */
export function DocumentUploader({ files, editable, send, pushList, onListChange, renderLink }: DocumentUploaderProps) {
  const t = useT(documentMessages);
  const notify = useNotify();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [list, setList] = useState<readonly FileEntry[]>(files);
  const [rows, setRows] = useState<readonly UploadingRow[]>([]);
  const confirmed = useRef(files);
  const desired = useRef(files);
  const pushes = useRef(Promise.resolve());
  const pendingPushes = useRef(0);
  const inFlight = useRef(0);
  const nextKey = useRef(1);

  // A list the parent reloaded (e.g. after finishing the upload) replaces ours when nothing is under way.
  useEffect(() => {
    if (pendingPushes.current > 0 || inFlight.current > 0) return;
    confirmed.current = files;
    desired.current = files;
    setList(files);
  }, [files]);

  const push = useCallback(() => {
    const next = desired.current;
    pendingPushes.current += 1;
    pushes.current = pushes.current.then(async () => {
      try {
        const kept = await pushList(next);
        confirmed.current = kept;
        if (pendingPushes.current === 1 && inFlight.current === 0) {
          desired.current = kept;
          setList(kept);
        }
        onListChange?.(kept);
      } catch (error) {
        notify.error(errorText(error));
        desired.current = confirmed.current;
        setList(confirmed.current);
      } finally {
        pendingPushes.current -= 1;
      }
    });
  }, [pushList, onListChange, notify]);

  const sendOne = useCallback(
    async (file: File) => {
      const key = nextKey.current++;
      setRows((current) => [...current, { key, name: file.name, percent: 0 }]);
      try {
        const stored = await send(file, (percent) =>
          setRows((current) => current.map((row) => (row.key === key ? { ...row, percent } : row))),
        );
        const known = new Set(desired.current.map((entry) => entry.uid));
        desired.current = [...desired.current, ...stored.filter((entry) => !known.has(entry.uid))];
        setList(desired.current);
        push();
      } catch (error) {
        notify.error(errorText(error));
      } finally {
        setRows((current) => current.filter((row) => row.key !== key));
      }
    },
    [send, push, notify],
  );

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    if (chosen.length > MAX_FILES_PER_UPLOAD) {
      notify.error(t('upload.tooMany'));
      return;
    }
    const accepted = chosen.filter((file) => !isTooLarge(file));
    if (accepted.length < chosen.length) notify.error(t('upload.tooLarge'));
    if (accepted.length === 0) return;
    inFlight.current += accepted.length;
    const waiting = [...accepted];
    const worker = async () => {
      for (let file = waiting.shift(); file; file = waiting.shift()) {
        try {
          await sendOne(file);
        } finally {
          inFlight.current -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, accepted.length) }, worker));
  };

  const remove = (file: FileEntry) => {
    desired.current = desired.current.filter((entry) => entry.uid !== file.uid);
    setList(desired.current);
    push();
  };

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
            onChange={(event) => void onChoose(event)}
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
              <button type="button" className={styles.dangerLink} aria-label={t('files.deleteLabel', { name: file.name })} onClick={() => remove(file)}>
                {t('files.delete')}
              </button>
            )}
          </li>
        ))}
        {rows.map((row) => (
          <li key={`uploading-${row.key}`} className={styles.uploadingRow} data-testid="uploading-row" aria-busy="true">
            <span className={styles.name}>{row.name}</span>
            <span className={styles.uploadingLabel}>{t('upload.uploading')}</span>
            <span className={styles.uploadingLabel}>{row.percent}%</span>
            <Progress.Root className={styles.progress} value={row.percent} max={100} aria-label={t('upload.progress', { name: row.name })}>
              <Progress.Indicator className={styles.progressIndicator} style={{ transform: `translateX(-${100 - row.percent}%)` }} />
            </Progress.Root>
          </li>
        ))}
      </ul>
      {list.length === 0 && rows.length === 0 && <p className={styles.empty}>{t('files.empty')}</p>}
    </div>
  );
}

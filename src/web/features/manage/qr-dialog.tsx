import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ManageResource } from '../../../domain/contract/manage.js';
import { DialogCloseButton, DialogFrame } from '../../components/dialog-frame.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { fetchQrImage } from './api/resources.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';

/** An object URL for a blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** The institution's QR image (made by our server) of its step-1 link, with PNG and SVG downloads. */
export function QrDialog({ resource, onClose }: { resource: ManageResource; onClose: () => void }) {
  const t = useT(manageMessages);
  const png = useQuery({ queryKey: ['manage', 'qr', resource.id, 'png'], queryFn: () => fetchQrImage(resource.id, 'png') });
  const svg = useQuery({ queryKey: ['manage', 'qr', resource.id, 'svg'], queryFn: () => fetchQrImage(resource.id, 'svg') });
  const pngUrl = useObjectUrl(png.data);
  const svgUrl = useObjectUrl(svg.data);
  const link = `${window.location.origin}/step/amount/?resource=${resource.id}`;
  return (
    <DialogFrame title={t('qr.title', { name: resource.name })} testId="qr-dialog" open onOpenChange={(open) => !open && onClose()}>
      {pngUrl ? (
        <img className={styles.qrImage} src={pngUrl} alt={t('qr.hint', { link })} data-testid="qr-image" />
      ) : (
        <p aria-busy="true">{png.isError ? errorText(png.error) : '…'}</p>
      )}
      <p className={styles.qrLink}>{t('qr.hint', { link })}</p>
      <div className={styles.dialogActions}>
        {pngUrl && (
          <a className={styles.smallButton} href={pngUrl} download={`institution-${resource.id}-qr.png`} data-testid="qr-download-png">
            {t('qr.downloadPng')}
          </a>
        )}
        {svgUrl && (
          <a className={styles.smallButton} href={svgUrl} download={`institution-${resource.id}-qr.svg`}>
            {t('qr.downloadSvg')}
          </a>
        )}
        <DialogCloseButton>{t('qr.close')}</DialogCloseButton>
      </div>
    </DialogFrame>
  );
}

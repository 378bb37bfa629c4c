import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import { useFormat } from '../../lib/use-format.js';
import { boxDetailQuery } from './api/box-detail.js';
import { DetailFrame, GoodsTable, RecordFacts } from './detail-parts.js';
import { warehouseMessages } from './messages.js';
import * as styles from './warehouse.css.js';

/** /warehouse/box/:id: the packing list of an inbound record: its boxes and their totals. */
export default function BoxPage() {
  const t = useT(warehouseMessages);
  const format = useFormat();
  const { id = '' } = useParams();
  const box = useQuery(boxDetailQuery(id));
  const data = box.data;
  return (
    <DetailFrame
      title={data ? t('detail.box', { code: data.record.code }) : null}
      loading={box.isPending}
      error={box.error}
      testId="box-page"
    >
      {data && (
        <>
          <p className={styles.muted} data-testid="box-totals">
            {t('detail.totals', {
              boxes: format.number(String(data.box_count)),
              pieces: format.number(String(data.pieces)),
              stock: format.number(String(data.stock)),
            })}
          </p>
          <GoodsTable goods={data.boxes} />
          <RecordFacts record={data.record} />
        </>
      )}
    </DetailFrame>
  );
}

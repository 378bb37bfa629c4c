import { boxDetailQuery } from './api/box-detail.js';
import { DetailFrame, GoodsTable, RecordFacts } from './detail-parts.js';
import * as styles from './warehouse.css.js';
import { useWarehouseText } from './use-warehouse-text.js';

/** /warehouse/box/:id: the packing list of an inbound record: its boxes and their totals. */
export default function BoxPage() {
  const { t, format } = useWarehouseText();
  return (
    <DetailFrame query={boxDetailQuery} title={(data) => t('detail.box', { code: data.record.code })} testId="box-page">
      {(data) => (
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

import { waybillDetailQuery } from './api/waybill-detail.js';
import { DetailFrame, RecordFacts } from './detail-parts.js';
import * as styles from './warehouse.css.js';
import { useWarehouseText } from './use-warehouse-text.js';

/** /logistics/waybill/:id: the waybill of an inbound record and every inbound record under it. */
export default function WaybillPage() {
  const { t, format } = useWarehouseText();
  return (
    <DetailFrame query={waybillDetailQuery} title={(data) => t('detail.waybill', { waybill: data.waybill_id })} testId="waybill-page">
      {(data) => (
        <>
          <p className={styles.muted} data-testid="waybill-totals">
            {t('detail.waybillTotals', {
              records: data.records.length,
              pieces: format.number(String(data.pieces)),
              weight: format.number(data.weight),
            })}
          </p>
          {data.records.map((record) => (
            <RecordFacts key={record.id} record={record} />
          ))}
        </>
      )}
    </DetailFrame>
  );
}

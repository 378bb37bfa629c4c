import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import { useFormat } from '../../lib/use-format.js';
import { waybillDetailQuery } from './api/waybill-detail.js';
import { DetailFrame, RecordFacts } from './detail-parts.js';
import { warehouseMessages } from './messages.js';
import * as styles from './warehouse.css.js';

/** /logistics/waybill/:id: the waybill of an inbound record and every inbound record under it. */
export default function WaybillPage() {
  const t = useT(warehouseMessages);
  const format = useFormat();
  const { id = '' } = useParams();
  const waybill = useQuery(waybillDetailQuery(id));
  const data = waybill.data;
  return (
    <DetailFrame
      title={data ? t('detail.waybill', { waybill: data.waybill_id }) : null}
      loading={waybill.isPending}
      error={waybill.error}
      testId="waybill-page"
    >
      {data && (
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

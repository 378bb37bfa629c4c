import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import { useFormat } from '../../lib/use-format.js';
import { outboundDetailQuery } from './api/outbound-detail.js';
import { DetailFrame, Facts, GoodsTable, RecordFacts } from './detail-parts.js';
import { warehouseMessages } from './messages.js';
import { usePieces } from './use-pieces.js';

/** /warehouse/out/:id: one shipment, the goods it took and their inbound record. */
export default function OutboundPage() {
  const t = useT(warehouseMessages);
  const format = useFormat();
  const pieces = usePieces();
  const { id = '' } = useParams();
  const out = useQuery(outboundDetailQuery(id));
  const data = out.data;
  const shipment = data?.shipment;
  return (
    <DetailFrame
      title={shipment ? t('detail.out', { code: shipment.ware_out.code }) : null}
      loading={out.isPending}
      error={out.error}
      testId="outbound-page"
    >
      {data && shipment && (
        <>
          <Facts
            title={t('detail.shipments')}
            facts={[
              [t('col.outbound'), shipment.ware_out.code],
              [t('col.goods'), [shipment.goods.type, shipment.goods.sku].filter(Boolean).join(' · ')],
              [t('col.quantity'), <span data-testid="shipment-quantity">{pieces.count(shipment.quantity)}</span>],
              [t('col.tray'), format.number(String(shipment.tray_quantity))],
              [t('col.weight'), format.number(shipment.weight)],
              [t('col.deliverType'), shipment.deliver_type],
              [t('col.client'), shipment.client_code],
              [t('col.outTime'), format.dateTime(shipment.out_time)],
              [t('field.desc'), shipment.desc],
              [t('field.remark'), shipment.remark],
              [t('col.user'), shipment.user.name],
            ]}
          />
          <GoodsTable goods={[data.goods]} />
          <RecordFacts record={data.record} />
        </>
      )}
    </DetailFrame>
  );
}

import { outboundDetailQuery } from './api/outbound-detail.js';
import { DetailFrame, Facts, GoodsTable, RecordFacts } from './detail-parts.js';
import { useWarehouseText } from './use-warehouse-text.js';

/** /warehouse/out/:id: one shipment, the goods it took and their inbound record. */
export default function OutboundPage() {
  const { t, format, pieces } = useWarehouseText();
  return (
    <DetailFrame
      query={outboundDetailQuery}
      title={(data) => t('detail.out', { code: data.shipment.ware_out.code })}
      testId="outbound-page"
    >
      {({ shipment, goods, record }) => (
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
          <GoodsTable goods={[goods]} />
          <RecordFacts record={record} />
        </>
      )}
    </DetailFrame>
  );
}

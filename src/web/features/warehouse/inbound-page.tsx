import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { InboundDetail } from '../../../domain/contract/warehouse.js';
import { isValidRecord } from '../../../domain/warehouse/record-status.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useSession } from '../../lib/session.js';
import { warehouseAccessOf } from './access.js';
import { inboundDetailQuery } from './api/inbound-detail.js';
import { invalidateInboundMutation } from './api/invalidate-inbound.js';
import { DetailFrame, GoodsTable, RecordFacts, ShipmentsTable } from './detail-parts.js';
import { ReceiveDialog, ShipDialog } from './dialogs.js';
import { warehouseMessages } from './messages.js';
import * as styles from './warehouse.css.js';

/** The record's actions, facts, goods and shipments; staff receive, ship and invalidate here. */
function InboundDetailParts({ data }: { data: InboundDetail }) {
  const t = useT(warehouseMessages);
  const notify = useNotify();
  const { user } = useSession();
  const canChange = warehouseAccessOf(user).change;
  const invalidate = useMutation(invalidateInboundMutation());
  const [receiving, setReceiving] = useState(false);
  const [shipping, setShipping] = useState<{ id: number; stock: number } | null>(null);
  const makeInvalid = () => {
    if (!window.confirm(t('invalidate.confirm'))) return;
    invalidate.mutate(data.record.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorText(error)),
    });
  };
  return (
    <>
      {canChange && isValidRecord(data.record) && (
        <div className={styles.actions}>
          <Button type="button" onClick={() => setReceiving(true)} data-testid="receive-open">
            {t('receive.open')}
          </Button>
          <Button type="button" variant="secondary" loading={invalidate.isPending} onClick={makeInvalid} data-testid="invalidate">
            {t('invalidate')}
          </Button>
        </div>
      )}
      <RecordFacts record={data.record} />
      <GoodsTable
        goods={data.goods}
        {...(canChange
          ? {
              action: (row) =>
                row.stock > 0 ? (
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => setShipping({ id: row.id, stock: row.stock })}
                    data-testid="ship-open"
                  >
                    {t('ship.open')}
                  </Button>
                ) : (
                  '—'
                ),
            }
          : {})}
      />
      <ShipmentsTable shipments={data.shipments} />
      <ReceiveDialog open={receiving} onOpenChange={setReceiving} inId={data.record.id} />
      {shipping && (
        <ShipDialog
          open
          onOpenChange={(open) => !open && setShipping(null)}
          goodsId={shipping.id}
          stock={shipping.stock}
          clientCode={data.record.client_code}
        />
      )}
    </>
  );
}

/** /warehouse/in/:id: an inbound record, its goods and their shipments. */
export default function InboundPage() {
  const t = useT(warehouseMessages);
  return (
    <DetailFrame query={inboundDetailQuery} title={(data) => t('detail.in', { code: data.record.code })} testId="inbound-page">
      {(data) => <InboundDetailParts data={data} />}
    </DetailFrame>
  );
}

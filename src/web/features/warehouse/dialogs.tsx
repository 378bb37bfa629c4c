import { useMutation } from '@tanstack/react-query';
import {
  DEFAULT_PACKAGE,
  PACKING_CODES,
  PACKING_TYPES,
  inboundCreatePayload,
  receivePayload,
  shipPayload,
} from '../../../domain/warehouse/payloads.js';
import { useT } from '../../i18n/i18n.js';
import { createInboundMutation } from './api/create-inbound.js';
import { receiveGoodsMutation } from './api/receive-goods.js';
import { shipGoodsMutation } from './api/ship-goods.js';
import type { DialogField } from './dialog-field.js';
import { FormDialog } from './form-dialog.js';
import { warehouseMessages } from './messages.js';

interface Controlled {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

const blank = (names: readonly string[], given: Record<string, string> = {}) =>
  Object.fromEntries(names.map((name) => [name, given[name] ?? '']));

function fieldsOf(names: readonly string[], numeric: readonly string[], labelOf: (name: string) => string): DialogField[] {
  return names.map((name) => ({
    name,
    label: labelOf(name),
    ...(numeric.includes(name) ? { inputMode: name.includes('weight') ? ('decimal' as const) : ('numeric' as const) } : {}),
  }));
}

const INBOUND_FIELDS = [
  'waybill_id',
  'client_code',
  'client_code2',
  'client_code3',
  'package',
  'quantity',
  'weight',
  'desc',
  'remark',
] as const;

/** 新建入库单: on success the new record opens in a new window (data.id → /warehouse/in/{id}). Packing is chosen from the fixed list. */
export function CreateInboundDialog({ open, onOpenChange, onCreated }: Controlled & { onCreated: (id: number) => void }) {
  const t = useT(warehouseMessages);
  const create = useMutation(createInboundMutation());
  const packing = PACKING_CODES.map((code) => ({ value: PACKING_TYPES[code], label: t(`packing.${code}`) }));
  const fields = fieldsOf(INBOUND_FIELDS, ['quantity', 'weight'], (name) => t(`field.${name}` as 'field.waybill_id')).map((field) =>
    field.name === 'package' ? { ...field, options: packing } : field,
  );
  return (
    <FormDialog
      title={t('create.title')}
      testId="inbound-create"
      open={open}
      onOpenChange={onOpenChange}
      schema={inboundCreatePayload}
      fields={fields}
      defaultValues={blank(INBOUND_FIELDS, { package: DEFAULT_PACKAGE })}
      submit={(payload) => create.mutateAsync(payload)}
      onDone={(answer) => {
        onOpenChange(false);
        onCreated((answer as { id: number }).id);
      }}
    />
  );
}

const RECEIVE_FIELDS = ['code', 'type', 'sku', 'box_count', 'count'] as const;

/** 收货: goods received against an inbound record. */
export function ReceiveDialog({ open, onOpenChange, inId }: Controlled & { inId: number }) {
  const t = useT(warehouseMessages);
  const receive = useMutation(receiveGoodsMutation());
  return (
    <FormDialog
      title={t('receive.title')}
      testId="receive"
      open={open}
      onOpenChange={onOpenChange}
      schema={receivePayload}
      fields={fieldsOf(RECEIVE_FIELDS, ['box_count', 'count'], (name) => t(`field.${name}` as 'field.code'))}
      defaultValues={blank(RECEIVE_FIELDS, { box_count: '0' })}
      toPayload={(values) => ({ ...values, in_id: inId })}
      submit={(payload) => receive.mutateAsync(payload)}
      onDone={() => onOpenChange(false)}
    />
  );
}

const SHIP_FIELDS = ['quantity', 'deliver_type', 'tray_quantity', 'weight', 'client_code', 'desc', 'remark'] as const;
const SHIP_LABELS: Record<(typeof SHIP_FIELDS)[number], string> = {
  quantity: 'field.ship_quantity',
  deliver_type: 'field.deliver_type',
  tray_quantity: 'field.tray_quantity',
  weight: 'field.ship_weight',
  client_code: 'field.client_code',
  desc: 'field.desc',
  remark: 'field.remark',
};

/** 出库: pieces of one goods row shipped; more than its stock is refused by the server with the stock named. */
export function ShipDialog({
  open,
  onOpenChange,
  goodsId,
  stock,
  clientCode,
}: Controlled & { goodsId: number; stock: number; clientCode: string }) {
  const t = useT(warehouseMessages);
  const ship = useMutation(shipGoodsMutation());
  return (
    <FormDialog
      title={t('ship.title')}
      testId="ship"
      note={t('ship.available', { n: stock })}
      open={open}
      onOpenChange={onOpenChange}
      schema={shipPayload}
      fields={fieldsOf(SHIP_FIELDS, ['quantity', 'tray_quantity', 'weight'], (name) =>
        t(SHIP_LABELS[name as (typeof SHIP_FIELDS)[number]] as 'field.code'),
      )}
      defaultValues={blank(SHIP_FIELDS, { tray_quantity: '0', client_code: clientCode })}
      toPayload={(values) => ({ ...values, goods_id: goodsId })}
      submit={(payload) => ship.mutateAsync(payload)}
      onDone={() => onOpenChange(false)}
    />
  );
}

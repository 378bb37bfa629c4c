import { textTable } from './text-table.js';

/** The warehouse's texts: field checks and the stock rules' refusals. */
export const WAREHOUSE_TEXTS = textTable({
  'zh-CN': {
    'warehouse.wholeNumber': '请输入整数',
    'warehouse.weightInvalid': '重量须为正数，最多 3 位小数（千克）',
    'warehouse.weightRange': '重量须大于 0 且不超过 {max} 千克',
    'warehouse.totalTooLarge': '件数合计不能超过 {max}',
    'warehouse.packageUnknown': '请选择包装类型：包裹、托盘、木箱、纸箱或其他',
    'warehouse.inboundNotFound': '入库单不存在',
    'warehouse.inboundInvalid': '入库单已作废',
    'warehouse.goodsNotFound': '货物不存在',
    'warehouse.outboundNotFound': '出库记录不存在',
    'warehouse.stockInsufficient': '库存不足：当前库存 {stock} 件',
    'warehouse.inboundHasStock': '该入库单仍有 {stock} 件库存，不能作废',
    'warehouse.done': '操作成功',
  },
  'en-US': {
    'warehouse.wholeNumber': 'Enter a whole number',
    'warehouse.weightInvalid': 'The weight is a positive number of kilograms with at most 3 decimals',
    'warehouse.weightRange': 'The weight must be above 0 and at most {max} kg',
    'warehouse.totalTooLarge': 'At most {max} pieces in all',
    'warehouse.packageUnknown': 'Choose a packing type: 包裹 parcel, 托盘 pallet, 木箱 crate, 纸箱 carton or 其他 other',
    'warehouse.inboundNotFound': 'No such inbound record',
    'warehouse.inboundInvalid': 'The inbound record is invalid',
    'warehouse.goodsNotFound': 'No such goods',
    'warehouse.outboundNotFound': 'No such outbound record',
    'warehouse.stockInsufficient': 'Not enough stock: {stock} pieces in stock',
    'warehouse.inboundHasStock': 'The inbound record still has {stock} pieces in stock and cannot be made invalid',
    'warehouse.done': 'operation success',
  },
  'de-DE': {
    'warehouse.wholeNumber': 'Bitte eine ganze Zahl eingeben',
    'warehouse.weightInvalid': 'Das Gewicht ist eine positive Zahl in Kilogramm mit höchstens 3 Nachkommastellen',
    'warehouse.weightRange': 'Das Gewicht muss über 0 und höchstens {max} kg sein',
    'warehouse.totalTooLarge': 'Höchstens {max} Stück insgesamt',
    'warehouse.packageUnknown':
      'Bitte eine Verpackungsart wählen: 包裹 Paket, 托盘 Palette, 木箱 Holzkiste, 纸箱 Karton oder 其他 Sonstige',
    'warehouse.inboundNotFound': 'Diesen Wareneingang gibt es nicht',
    'warehouse.inboundInvalid': 'Der Wareneingang ist ungültig',
    'warehouse.goodsNotFound': 'Diese Ware gibt es nicht',
    'warehouse.outboundNotFound': 'Diesen Warenausgang gibt es nicht',
    'warehouse.stockInsufficient': 'Nicht genug Bestand: {stock} Stück auf Lager',
    'warehouse.inboundHasStock': 'Der Wareneingang hat noch {stock} Stück auf Lager und kann nicht ungültig werden',
    'warehouse.done': 'Vorgang erfolgreich',
  },
});

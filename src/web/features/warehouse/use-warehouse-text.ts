import { packingCodeOf } from '../../../domain/warehouse/payloads.js';
import { useT } from '../../i18n/i18n.js';
import { useFormat } from '../../lib/use-format.js';
import { warehouseMessages } from './messages.js';

/**
 * The warehouse screens' words, numbers and dates in the chosen language, and its piece counts:
 * 'N 箱 M 件，共 T 件' (SPEC.md "Stock goods row") in that language's digit grouping, and packing types by name.
 */
export function useWarehouseText() {
  const t = useT(warehouseMessages);
  const format = useFormat();
  const pieces = {
    goods: (row: { box_count: number; count: number; total: number }) =>
      t('pieces', {
        boxes: format.number(String(row.box_count)),
        count: format.number(String(row.count)),
        total: format.number(String(row.total)),
      }),
    count: (n: number) => t('pieces.short', { n: format.number(String(n)) }),
  };
  /** A stored packing text in the reader's language; free text from before the fixed list as it was written. */
  const packing = (stored: string) => {
    const code = packingCodeOf(stored);
    return code ? t(`packing.${code}`) : stored;
  };
  return { t, format, pieces, packing };
}

import { isStatus } from '../../../domain/order/status.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';

/** A status by its text from the one status catalogue (domain/order/status-texts.ts). */
export function useStatusText() {
  const tc = useT(commonMessages);
  return (status: number) => (isStatus(status) ? tc(`order.status.${status}`) : String(status));
}

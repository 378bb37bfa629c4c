import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OrderView } from '../../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../../domain/order/order-machine.js';
import { statusHasTag } from '../../../../domain/order/progress.js';
import { isStatus } from '../../../../domain/order/status.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/error-text.js';
import { useSession } from '../../../lib/session.js';
import { useReportFailure } from '../../../lib/use-report-failure.js';
import { abilitiesOf } from './abilities.js';
import { orderDetailQuery } from './api/find-order.js';
import { orderDetailMessages } from './messages.js';

const LIVE_INTERVAL_MS = 3000;

/** An order that is neither a draft nor ended: its status can change without the payer doing anything. */
const stillMoving = (order: OrderView | undefined): boolean =>
  order !== undefined &&
  isStatus(order.status) &&
  !statusHasTag(order.status, ORDER_TAGS.editable) &&
  !statusHasTag(order.status, ORDER_TAGS.ended);

/**
 * The order of the detail page with what the signed-in user may do with it. `failure` is the text
 * when there is no order to show; a failed read is also a toast.
 */
export function useLiveOrder(id: string) {
  const t = useT(orderDetailMessages);
  const notify = useNotify();
  const { user } = useSession();
  // Followed live while the order still moves (a payment or a bank step pending): read again every
  // few seconds, so a provider's confirmation or the bank's next step shows without a refresh.
  const query = useQuery({
    ...orderDetailQuery(id),
    enabled: id !== '',
    refetchInterval: (q) => (stillMoving(q.state.data) ? LIVE_INTERVAL_MS : false),
  });
  useReportFailure(query.error, (error) => {
    // A 401 already logs out and goes to /login: no toast for it.
    if (!(error instanceof ApiError && error.status === 401)) notify.error(errorText(error));
  });
  // A failed refetch keeps the order on screen (the toast says what went wrong).
  const order = query.data ?? null;
  const abilities = useMemo(() => (order ? abilitiesOf(order, user?.id ?? null, new Date().toISOString()) : null), [order, user]);
  const failure = !id ? t('error.noId') : query.isError && !order ? errorText(query.error) : null;
  const reload = () => void query.refetch();
  return { order, abilities, failure, reload };
}

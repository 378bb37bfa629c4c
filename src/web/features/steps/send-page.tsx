import { useQuery } from '@tanstack/react-query';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { orderQuery } from './api/find-order.js';
import { LoadFailed, Loading, OrderStepPage } from './parts/step-frame.js';
import { SendForm } from './send-form.js';

/** Reads the order, then shows the form starting from it. */
function SendStep({ id }: { id: string }) {
  const fail = useFailure();
  const order = useQuery(orderQuery(id));
  useReportFailure(order.error, fail);
  const freshOrder = dataFetchedAfterMount(order);
  if (order.isError && !order.data) return <LoadFailed onRetry={() => void order.refetch()} />;
  if (!freshOrder) return <Loading />;
  return <SendForm id={id} order={freshOrder} />;
}

/** Step 3 (SPEC.md section 2): patient and payer details, with the pinyin generated live. */
export default function SendPage() {
  return <OrderStepPage step="send" Screen={SendStep} />;
}

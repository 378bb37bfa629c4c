import { useQuery } from '@tanstack/react-query';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { AcceptForm } from './accept-form.js';
import { orderQuery } from './api/find-order.js';
import { resourceQuery } from './api/find-resource.js';
import { LoadFailed, Loading, OrderStepPage } from './parts/step-frame.js';

/** Reads the order and its institution, then shows the form starting from them. */
function AcceptStep({ id }: { id: string }) {
  const fail = useFailure();
  const order = useQuery(orderQuery(id));
  useReportFailure(order.error, fail);
  const resourceId = order.data?.resource ?? '';
  const resource = useQuery({ ...resourceQuery(resourceId), enabled: resourceId !== '' });
  useReportFailure(resource.error, fail);

  const freshOrder = dataFetchedAfterMount(order);
  // An institution that cannot be read only means no preset account: the payer types it.
  const resourceSettled = resource.isSuccess || resource.isError || resourceId === '';
  if (order.isError && !order.data) return <LoadFailed onRetry={() => void order.refetch()} />;
  if (!freshOrder || !resourceSettled) return <Loading />;
  return <AcceptForm id={id} order={freshOrder} resource={resource.data} />;
}

/** Step 2 (SPEC.md section 2): the recipient account, labelled for the order's currency. */
export default function AcceptPage() {
  return <OrderStepPage step="accept" Screen={AcceptStep} />;
}

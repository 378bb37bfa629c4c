import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { OrderView } from '../../../domain/contract/order.js';
import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { isTagged } from '../../../domain/order/progress.js';
import { useNotify } from '../../components/notify.js';
import { useLocale, useT } from '../../i18n/i18n.js';
import { dataFetchedAfterMount } from '../../lib/queries.js';
import { useFailure } from '../../lib/use-failure.js';
import { useInstitutionName } from '../../lib/institution-name.js';
import { useReportFailure } from '../../lib/use-report-failure.js';
import { AmountForm } from './amount-form.js';
import { createOrderMutation } from './api/create-order.js';
import { noticeQuery } from './api/find-notice.js';
import { orderQuery } from './api/find-order.js';
import { rateQuery } from './api/find-rate.js';
import { resourceQuery } from './api/find-resource.js';
import { stepMessages } from './messages.js';
import { CC01_SITE, CC01_SOURCE } from './parts/external.js';
import { LoadFailed, Loading, StepFrame } from './parts/step-frame.js';
import { useLookalikeGuard } from './parts/use-lookalike-guard.js';
import * as styles from './steps.css.js';

/** SPEC.md section 9: resource 996 pays in EUR even before its currency has loaded. */
const DEFAULT_CURRENCY_RESOURCE = '996';
const DEFAULT_CURRENCY = 'EUR';

/** '{hospital} 将收到' with the name as a node (a link with from=cc01). */
function withHospital(template: string, hospital: ReactNode): ReactNode {
  const [before = '', after = ''] = template.split('{hospital}');
  return (
    <>
      {before}
      {hospital}
      {after}
    </>
  );
}

/** Where Next goes for a confirmed order, which keeps its amount: its payment method, or the order page. */
const onwardFromConfirmed = (order: OrderView) =>
  isTagged(order.status, ORDER_TAGS.choosesMethod) ? `/step/pay/${order.id}` : `/order/${order.id}`;

/** Nothing chosen to pay: say so and go home (once, whatever StrictMode replays). */
function useNoTargetRedirect(noTarget: boolean) {
  const t = useT(stepMessages);
  const navigate = useNavigate();
  const notify = useNotify();
  const redirected = useRef(false);
  useEffect(() => {
    if (!noTarget || redirected.current) return;
    redirected.current = true;
    notify.error(t('error.resourceMissing'));
    navigate('/', { replace: true });
  }, [noTarget, navigate, notify, t]);
}

function NoticeBanner({ text }: { text: string | undefined }) {
  const t = useT(stepMessages);
  if (text === undefined || text.trim() === '') return null;
  return (
    <aside className={styles.notice} aria-label={t('amount.notice')} data-testid="notice">
      <span className={styles.noticeTag}>{t('amount.notice')}</span>
      <span className={styles.noticeText}>{text}</span>
    </aside>
  );
}

/** '{hospital} 将收到', the name a link to the external site with from=cc01, and the English name. */
function Institution({ name, nameEn, from }: { name: string; nameEn: string | undefined; from: string }) {
  const t = useT(stepMessages);
  const shown = useInstitutionName()(name, nameEn);
  // The other spelling underneath: a Chinese reader checks the English name on the bill, and back.
  const other = shown === name ? nameEn : name;
  const hospital =
    from === CC01_SOURCE && shown ? (
      <a href={CC01_SITE} target="_blank" rel="noopener noreferrer">
        {shown}
        <span className={styles.visuallyHidden}>{t('amount.externalLink')}</span>
      </a>
    ) : (
      <span>{shown || '…'}</span>
    );
  return (
    <div className={styles.institution}>
      <span className={styles.institutionLabel}>{t('amount.institution')}</span>
      <p className={styles.receiveLine} data-testid="receive-line">
        {withHospital(t('amount.willReceive'), hospital)}
      </p>
      {other && other !== shown && <span className={styles.nameEn}>{other}</span>}
    </div>
  );
}

/** Step 1 (SPEC.md section 2): the amount in the payee's currency and the estimated CNY. */
export default function AmountPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const resourceParam = search.get('resource')?.trim() ?? '';
  const from = search.get('from')?.trim() ?? '';
  const t = useT(stepMessages);
  const navigate = useNavigate();
  const fail = useFailure();
  const noTarget = !id && !resourceParam;
  useNoTargetRedirect(noTarget);

  // A notice that cannot be read is no notice: no toast, no banner.
  const { locale } = useLocale();
  const notice = useQuery({ ...noticeQuery(locale), enabled: !noTarget });
  const order = useQuery({ ...orderQuery(id ?? ''), enabled: Boolean(id) });
  useReportFailure(order.error, fail);
  const resourceId = id ? (order.data?.resource ?? '') : resourceParam;
  const resource = useQuery({ ...resourceQuery(resourceId), enabled: resourceId !== '' });
  useReportFailure(resource.error, fail);
  const currency = order.data?.currency || resource.data?.currency || (resourceId === DEFAULT_CURRENCY_RESOURCE ? DEFAULT_CURRENCY : '');
  const rate = useQuery({ ...rateQuery(currency), enabled: currency !== '' });
  const create = useMutation(createOrderMutation());
  // A new order for an institution and amount the payer already has an open order for may be a second payment.
  const lookalikes = useLookalikeGuard(false);
  // A resumed order's amount is the server's now, not a cached copy from before.
  const freshOrder = dataFetchedAfterMount(order);
  if (noTarget) return null;

  const locked = freshOrder !== undefined && !isTagged(freshOrder.status, ORDER_TAGS.editable);
  const save = async (amount: string) => {
    if (locked) return navigate(onwardFromConfirmed(freshOrder));
    const saveAmount = async () => {
      const created = await create.mutateAsync({ ...(id ? { id } : {}), resource: resourceId, amount, from });
      await navigate(`/step/accept/${created.id}`);
    };
    if (id) return saveAmount();
    await lookalikes.guard({ resource: resourceId, amount }, saveAmount);
  };

  const failedQuery = order.isError && !order.data ? order : !currency && resource.isError ? resource : null;
  const loading = !currency || (Boolean(id) && !freshOrder);
  return (
    <StepFrame step="amount" title={t('amount.title')} banner={<NoticeBanner text={notice.data} />}>
      {failedQuery ? (
        <LoadFailed onRetry={() => void failedQuery.refetch()} />
      ) : loading ? (
        <Loading />
      ) : (
        <AmountForm
          key={currency}
          orderId={id}
          currency={currency}
          initialAmount={freshOrder?.amount ?? ''}
          locked={locked}
          lockedCny={locked ? freshOrder.cny_amount : null}
          rate={{ value: rate.data, failed: rate.isError }}
          saving={create.isPending || lookalikes.checking}
          onSave={save}
        >
          <Institution
            name={resource.data?.name ?? order.data?.resource_name ?? ''}
            nameEn={resource.data?.name_en ?? order.data?.resource_name_en}
            from={from}
          />
          {locked && <p className={styles.infoBox}>{t('amount.locked')}</p>}
        </AmountForm>
      )}
      {lookalikes.dialog}
    </StepFrame>
  );
}

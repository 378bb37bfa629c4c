import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { ManageOrderDetail } from '../../../domain/contract/manage.js';
import { FILLED_IN_FIELDS } from '../../../domain/order/order-fields.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useSession } from '../../lib/session.js';
import { useFormat } from '../../lib/use-format.js';
import { accessOf } from './access.js';
import { manageOrderQuery } from './api/orders.js';
import { AttachmentsDialog } from './attachments-dialog.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { StatusControl } from './status-control.js';
import { useStatusText } from './status-label.js';
import { UploadLinkControl } from './upload-link-control.js';

/** SPEC.md section 3's order fields, in its names, as the admin reads them. */
const FIELDS = [
  'order_no',
  'resource_name',
  'currency',
  'amount',
  'cny_amount',
  'reserved_amount_rate',
  'deadline_date',
  'bank',
  ...FILLED_IN_FIELDS,
  'paid_cny',
  'overpaid_cny',
] as const satisfies readonly (keyof ManageOrderDetail)[];

function Fields({ order }: { order: ManageOrderDetail }) {
  const entries: [string, string][] = [
    ...FIELDS.map((field): [string, string] => [field, String(order[field] ?? '')]),
    ['user', order.user.email ?? String(order.user.id)],
    ...Object.entries(order.partner ?? {}).map(([field, value]): [string, string] => [field, String(value)]),
  ];
  return (
    <dl className={styles.fields}>
      {entries.map(([name, value]) => (
        <div key={name} className={styles.contents}>
          <dt className={styles.fieldName}>{name}</dt>
          <dd className={styles.fieldValue}>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function History({ order }: { order: ManageOrderDetail }) {
  const t = useT(manageMessages);
  const format = useFormat();
  const statusText = useStatusText();
  if (order.history.length === 0) return <p className={styles.muted}>{t('order.historyEmpty')}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="order-history">
        <thead>
          <tr>
            <th className={styles.th}>{t('history.at')}</th>
            <th className={styles.th}>{t('history.event')}</th>
            <th className={styles.th}>{t('history.status')}</th>
          </tr>
        </thead>
        <tbody>
          {order.history.map((entry) => (
            <tr key={entry.revision}>
              <td className={styles.td}>
                <span className={styles.nowrap}>{format.dateTime(entry.at)}</span>
              </td>
              <td className={styles.td}>
                {entry.type}
                <div className={styles.muted}>{t('history.actor', { role: entry.actor.role, id: entry.actor.id })}</div>
              </td>
              <td className={styles.td}>{statusText(entry.status_after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /manage/orders/:id, opened from the order tables in a new window: fields, status, link, files, history. */
export default function ManageOrderPage() {
  const { id = '' } = useParams();
  const t = useT(manageMessages);
  const statusText = useStatusText();
  const { user } = useSession();
  const access = accessOf(user);
  const query = useQuery({ ...manageOrderQuery(id), enabled: access.read && id !== '' });
  if (!access.read) {
    return (
      <div className={styles.page}>
        <div className={styles.notice} role="alert" data-testid="manage-refused">
          {t('page.forbidden')}
        </div>
      </div>
    );
  }
  const order = query.data;
  if (!order)
    return (
      <div className={styles.page} aria-busy={query.isPending}>
        {query.isError ? <p role="alert">{errorText(query.error)}</p> : t('list.loading')}
      </div>
    );
  return (
    <div className={styles.page} data-testid="manage-order">
      <h1 className={styles.title}>
        {t('order.title', { id: order.id })} {order.kind === 'partner' && <span className={styles.badge.base}>{t('order.partner')}</span>}
      </h1>
      <div className={styles.detailGrid}>
        <div>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('order.fields')}</h2>
            <Fields order={order} />
          </section>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('order.history')}</h2>
            <History order={order} />
          </section>
        </div>
        <div>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('col.status')}</h2>
            <p>
              <span className={styles.badge.base} data-testid="order-status">
                {statusText(order.status)}
              </span>
            </p>
            {access.change && <StatusControl key={`${order.status}`} order={order} />}
          </section>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('order.uploadLink')}</h2>
            <UploadLinkControl order={order} editable={access.change} />
          </section>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('order.files')}</h2>
            <AttachmentsDialog order={order} editable={access.change} />
          </section>
        </div>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import type { ManageOrderDetail } from '../../../../domain/contract/manage.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import * as styles from '../manage.css.js';
import { orderPageMessages } from './messages.js';

type Key = keyof (typeof orderPageMessages)['zh-CN'];
/** [label key, value]: an empty value shows a dash. */
type Row = readonly [Key, ReactNode];

const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');

function FieldGroup({ title, rows, testId }: { title: string; rows: readonly Row[]; testId: string }) {
  const t = useT(orderPageMessages);
  return (
    <section className={styles.card} aria-label={title} data-testid={testId}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <dl className={styles.fields}>
        {rows.map(([key, value]) => (
          <div key={key} className={styles.contents}>
            <dt className={styles.fieldName}>{t(key)}</dt>
            <dd className={styles.fieldValue} data-testid={`field-${key}`}>
              {value || '—'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Where the money goes: the institution and its account as the payer gave it (or the preset one). */
function PayeeGroup({ order }: { order: ManageOrderDetail }) {
  const t = useT(orderPageMessages);
  const rows: Row[] = [
    ['field.institution', joined(order.resource_name, order.resource_name_en && `(${order.resource_name_en})`)],
    ['field.accountName', order.accept_account_name],
    ['field.accountNo', order.accept_account_no],
    ['field.bank', order.accept_bank],
    ['field.address', order.accept_address],
    ['field.swift', order.accept_swift],
    ...(order.transit_code ? [['field.transitCode', order.transit_code] as const] : []),
    ...(order.bank_branches ? [['field.branches', order.bank_branches] as const] : []),
    ['field.reference', order.accept_reference],
    ['field.remittance', order.accept_remittance],
  ];
  return <FieldGroup title={t('group.payee')} rows={rows} testId="group-payee" />;
}

/** Who pays and for whom: the patient (or student), the payer, and the account that ordered. */
function PeopleGroup({ order }: { order: ManageOrderDetail }) {
  const t = useT(orderPageMessages);
  const pinyin = joined(order.student_last_name_pinyin, order.student_first_name_pinyin);
  const partner = order.partner;
  const rows: Row[] = [
    ['field.patient', joined(`${order.student_last_name}${order.student_first_name}`, pinyin && `(${pinyin})`) || partner?.student_name],
    ['field.patientEmail', order.student_email],
    ['field.patientId', order.student_idcode],
    ['field.payer', `${order.payer_last_name}${order.payer_first_name}` || partner?.payer_name],
    ['field.relation', order.payer_relation],
    ['field.phone', joined(order.payer_code, order.payer_phone)],
    ['field.payerId', order.payer_idcode],
    ['field.account', order.user.email ?? `#${order.user.id}`],
    ...(partner
      ? [
          ['field.partnerId', partner.gic_order_id] as const,
          ['field.partnerFrom', joined(partner.from, partner.target && `→ ${partner.target}`)] as const,
        ]
      : []),
  ];
  return <FieldGroup title={t('group.people')} rows={rows} testId="group-people" />;
}

/** The amounts: foreign and CNY, the locked rate, the deadline, how the payer pays and where to. */
function AmountsGroup({ order }: { order: ManageOrderDetail }) {
  const t = useT(orderPageMessages);
  const format = useFormat();
  const method = order.bank === 1 || order.bank === 3 ? t(`method.${order.bank}`) : '';
  const rows: Row[] = [
    ['field.amount', format.money(order.amount, order.currency)],
    ['field.cny', format.money(order.cny_amount, 'CNY')],
    ['field.rate', order.reserved_amount_rate ? `1 ${order.currency} = ${format.number(order.reserved_amount_rate)} CNY` : ''],
    ['field.deadline', format.date(order.deadline_date)],
    ['field.method', method],
    ['field.reserve', joined(order.reserve_name, order.reserve_bank, order.reserve_account_no)],
    ['field.postscript', order.reserve_postscript],
    ['field.created', format.chinaTime(order.created_at)],
    ['field.statusSince', format.chinaTime(order.status_since)],
  ];
  return <FieldGroup title={t('group.amounts')} rows={rows} testId="group-amounts" />;
}

/** The order's fields grouped as a person reads them, labelled in the reader's language. */
export function OrderFields({ order }: { order: ManageOrderDetail }) {
  return (
    <>
      <AmountsGroup order={order} />
      <PeopleGroup order={order} />
      <PayeeGroup order={order} />
    </>
  );
}

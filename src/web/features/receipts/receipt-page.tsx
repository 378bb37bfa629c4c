import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { ReceiptFigures } from '../../../domain/contract/receipts.js';
import { isStatus } from '../../../domain/order/status.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useFormat } from '../../lib/use-format.js';
import { receiptQuery } from './api/find-receipt.js';
import { receiptMessages } from './messages.js';
import * as styles from './receipt-page.css.js';

type FieldKey =
  `field.${'number' | 'order' | 'institution' | 'amount' | 'received' | 'receivedAt' | 'status' | 'remittedAt' | 'payer' | 'issuedAt'}`;

/** The signed figures, the payer as initials only (the server never sends more). */
function Figures({ receipt }: { receipt: ReceiptFigures }) {
  const t = useT(receiptMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const rows: [FieldKey, string][] = [
    ['field.number', receipt.receipt_no],
    ['field.order', receipt.order_no],
    ['field.institution', [receipt.institution, receipt.institution_en].filter(Boolean).join(' / ')],
    ['field.amount', format.money(receipt.amount, receipt.currency)],
    ['field.received', format.money(receipt.cny_received, 'CNY')],
    ['field.receivedAt', format.dateTime(receipt.received_at)],
    ['field.status', isStatus(receipt.status) ? tc(`order.status.${receipt.status}`) : String(receipt.status)],
    ...(receipt.remitted_at ? [['field.remittedAt', format.dateTime(receipt.remitted_at)] as [FieldKey, string]] : []),
    ['field.payer', receipt.payer_initials || '—'],
    ['field.issuedAt', format.dateTime(receipt.issued_at)],
  ];
  return (
    <dl className={styles.figures} data-testid="receipt-figures">
      {rows.map(([key, text]) => (
        <div key={key} className={styles.row}>
          <dt className={styles.term}>{t(key)}</dt>
          <dd className={styles.value}>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /receipts/:receipt_no (DESIGN.md section 11), the link and QR code printed on every receipt: says
 * whether we issued it (authentic, 真实有效) and shows its figures, or that we did not.
 */
export default function ReceiptPage() {
  const { receipt_no: receiptNo = '' } = useParams();
  const t = useT(receiptMessages);
  const check = useQuery(receiptQuery(receiptNo));
  const answer = check.data;
  return (
    <div className={styles.page} aria-busy={check.isPending}>
      <h1 className={styles.title}>{t('page.title')}</h1>
      {check.isPending && <p>{t('page.loading')}</p>}
      {check.isError && <p role="alert">{errorText(check.error)}</p>}
      {answer?.authentic && answer.receipt && (
        <>
          <section className={styles.verdict.authentic} role="status" data-testid="receipt-authentic">
            <h2 className={styles.verdictTitle}>{t('page.authentic')}</h2>
            <p className={styles.hint}>{t('page.authenticHint')}</p>
          </section>
          <Figures receipt={answer.receipt} />
        </>
      )}
      {answer && !answer.authentic && (
        <section className={styles.verdict.notOurs} role="alert" data-testid="receipt-not-ours">
          <h2 className={styles.verdictTitle}>{t('page.notOurs')}</h2>
          <p className={styles.hint}>{t('page.notOursHint', { no: receiptNo })}</p>
        </section>
      )}
    </div>
  );
}

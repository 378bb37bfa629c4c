import { useMutation } from '@tanstack/react-query';
import type { OrderView } from '../../../../domain/contract/order.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { finishPayMutation } from './api/finish-pay.js';
import { CommandDialog } from './command-dialog.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** What the payer writes in the transfer's postscript: the one recorded, the order id for an order from before. */
const postscriptOf = (order: OrderView): string => order.reserve_postscript || order.id;

/** Where a bank transfer goes: the account recorded when the payer chose the method, the exact CNY, the postscript. */
export function TransferInstructions({ order }: { order: OrderView }) {
  const t = useT(orderDetailMessages);
  const format = useFormat();
  const rows: [string, string, string][] = [
    // What is still to pay: the whole amount, or after a short payment the shortfall.
    ['amount', t('transfer.amount'), format.money(order.outstanding_cny, 'CNY')],
    ['name', t('transfer.accountName'), order.reserve_name],
    ['bank', t('transfer.bank'), order.reserve_bank],
    ['account-no', t('transfer.accountNo'), order.reserve_account_no],
    ['postscript', t('transfer.postscript'), postscriptOf(order)],
  ];
  return (
    <div className={styles.notice} data-testid="transfer-instructions">
      <strong>{t('transfer.title')}</strong>
      <dl className={styles.transferFacts}>
        {rows.map(([key, label, value]) => (
          <div key={key} className={styles.factPair} data-testid={`transfer-${key}`}>
            <dt className={styles.factLabel}>{label}</dt>
            {/* "Ask customer service" leads to the order's thread, where the back office answers. */}
            <dd className={styles.transferValue}>{value || <a href="#messages">{t('transfer.askSupport')}</a>}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>{t('transfer.note')}</p>
    </div>
  );
}

/**
 * 'finish pay' for a bank transfer: the payer's declaration that the money is sent, made only after
 * a confirmation that names the amount and the account. The bank still confirms receipt (status 5).
 */
export function TransferDeclaration({ order, className }: { order: OrderView; className: string }) {
  const t = useT(orderDetailMessages);
  const format = useFormat();
  const { mutateAsync: finishPay } = useMutation(finishPayMutation());
  return (
    <CommandDialog
      trigger={
        <button type="button" className={className}>
          {t('transfer.declare')}
        </button>
      }
      title={t('transfer.confirmTitle')}
      description={t('transfer.confirmBody', {
        amount: format.money(order.cny_amount ?? '0', 'CNY'),
        account: [order.reserve_name, order.reserve_account_no].filter(Boolean).join(' · ') || '—',
        postscript: postscriptOf(order),
      })}
      keepLabel={t('transfer.notYet')}
      confirmLabel={t('transfer.confirm')}
      successText={t('toast.transferDeclared')}
      confirmClassName={styles.payButtonKind.plain}
      run={() => finishPay(order.id)}
    />
  );
}

import { Dialog } from 'radix-ui';
import { Link, useNavigate } from 'react-router-dom';
import type { LookalikeOrder } from '../../../../domain/contract/order-templates.js';
import { Button } from '../../../components/form.js';
import * as frame from '../../../components/page-parts.css.js';
import { useT } from '../../../i18n/i18n.js';
import { isStatus } from '../../../../domain/order/status.js';
import { commonMessages } from '../../../i18n/common-messages.js';
import { prefillMessages } from '../prefill-messages.js';
import * as styles from './prefill.css.js';

interface LookalikeDialogProps {
  readonly orders: readonly LookalikeOrder[];
  /** Step 4 compares the patient too; step 1 only the institution and amount. */
  readonly samePatient: boolean;
  readonly onContinue: () => void;
  readonly onClose: () => void;
}

/** The payer's other open order that looks like this one: go on anyway, or open that order. */
export function LookalikeDialog({ orders, samePatient, onContinue, onClose }: LookalikeDialogProps) {
  const t = useT(prefillMessages);
  const tc = useT(commonMessages);
  const statusText = (status: number) => (isStatus(status) ? tc(`order.status.${status}`) : String(status));
  const navigate = useNavigate();
  const first = orders[0];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={frame.overlay} />
        <Dialog.Content className={frame.dialog} data-testid="lookalike-dialog" role="alertdialog" aria-describedby={undefined}>
          <Dialog.Title className={frame.dialogTitle}>{t('lookalike.title')}</Dialog.Title>
          <p>{t(samePatient ? 'lookalike.samePatient' : 'lookalike.sameAmount')}</p>
          <ul className={styles.lookalikeList}>
            {orders.map((order) => (
              <li key={order.id}>
                <Link to={`/order/${order.id}`} className={styles.lookalikeLink} data-testid="lookalike-order">
                  {t('lookalike.order', { orderNo: order.order_no, status: statusText(order.status) })}
                </Link>
              </li>
            ))}
          </ul>
          <div className={styles.lookalikeActions}>
            <Button variant="secondary" onClick={onContinue}>
              {t('lookalike.continue')}
            </Button>
            {first && (
              <Button onClick={() => void navigate(`/order/${first.id}`)} autoFocus>
                {t('lookalike.open')}
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { ManageOrderDetail } from '../../../domain/contract/manage.js';
import { Button } from '../../components/form.js';
import { useNotify } from '../../components/notify.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { setStatusMutation } from './api/orders.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { statusChangeMachine } from './status-change-machine.js';
import { useStatusText } from './status-label.js';

/**
 * The admin's status control: exactly the targets the order machine allows from the order's
 * current status (`settable_statuses`, asked from the machine by the server for this order), then
 * confirm and save through statusChangeMachine.
 */
export function StatusControl({ order }: { order: ManageOrderDetail }) {
  const t = useT(manageMessages);
  const notify = useNotify();
  const statusText = useStatusText();
  const { mutateAsync } = useMutation(setStatusMutation());
  const [state, send] = useMachine(
    statusChangeMachine.provide({
      actors: {
        save: fromPromise<unknown, { status: number }>(async ({ input }) => {
          const answer = await mutateAsync({ id: order.id, status: input.status, kind: order.kind });
          notify.success(answer.message);
        }),
      },
    }),
  );
  const { error, target } = state.context;
  useEffect(() => {
    if (error) notify.hint(errorText(error));
  }, [error, notify]);

  if (order.settable_statuses.length === 0) return <p className={styles.muted}>{t('order.noTargets')}</p>;
  if (state.matches('confirming') || state.matches('saving')) {
    return (
      <div role="group" aria-label={t('order.statusControl')} data-testid="status-confirm">
        <p>{t('order.confirmSet', { status: statusText(target ?? -1) })}</p>
        <div className={styles.targets}>
          <Button
            type="button"
            onClick={() => send({ type: 'confirm' })}
            loading={state.matches('saving')}
            data-testid="status-confirm-button"
          >
            {t('order.confirm')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => send({ type: 'cancel' })} disabled={state.matches('saving')}>
            {t('order.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.targets} role="group" aria-label={t('order.statusControl')} data-testid="status-targets">
      {order.settable_statuses.map((status) => (
        <button
          key={status}
          type="button"
          className={styles.smallButton}
          onClick={() => send({ type: 'choose', status })}
          data-testid={`set-status-${status}`}
        >
          {t('order.setTo', { status: statusText(status) })}
        </button>
      ))}
    </div>
  );
}

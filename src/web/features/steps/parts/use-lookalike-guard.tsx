import { useState, type ReactNode } from 'react';
import type { LookalikeOrder } from '../../../../domain/contract/order-templates.js';
import { useFailure } from '../../../lib/use-failure.js';
import { findLookalikes, type LookalikeQuestion } from '../api/find-lookalikes.js';
import { LookalikeDialog } from './lookalike-dialog.js';

interface Held {
  readonly orders: readonly LookalikeOrder[];
  readonly proceed: () => Promise<void>;
}

/**
 * Asks the server for the payer's other open orders like this one before `proceed` runs: none,
 * it runs at once (its failure is the caller's); some, a dialog names them and the payer goes on anyway or opens one. The
 * question only warns: when it cannot be answered the payer goes on as if there were none.
 */
export function useLookalikeGuard(samePatient: boolean): {
  guard: (question: LookalikeQuestion, proceed: () => Promise<void>) => Promise<void>;
  checking: boolean;
  dialog: ReactNode;
} {
  const [held, setHeld] = useState<Held | null>(null);
  const [checking, setChecking] = useState(false);
  const fail = useFailure();

  const guard = async (question: LookalikeQuestion, proceed: () => Promise<void>) => {
    setChecking(true);
    const orders = await findLookalikes(question).catch((): LookalikeOrder[] => []);
    setChecking(false);
    if (orders.length === 0) return proceed();
    setHeld({ orders, proceed });
  };

  const dialog = held && (
    <LookalikeDialog
      orders={held.orders}
      samePatient={samePatient}
      onClose={() => setHeld(null)}
      onContinue={() => {
        setHeld(null);
        // The caller's own handling of a failure has returned by now: it is shown here.
        held.proceed().catch(fail);
      }}
    />
  );
  return { guard, checking, dialog };
}

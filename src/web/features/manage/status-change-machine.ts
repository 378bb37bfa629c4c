import { assign, fromPromise, setup } from 'xstate';

export interface StatusChangeContext {
  /** The status the admin asked for, while it is confirmed and saved. */
  readonly target: number | null;
  /** The admin's words for the move, kept in the order's history. */
  readonly reason: string;
  readonly error: unknown;
}

/**
 * The status control's flow: pick one of the statuses the order machine offers, confirm it with a reason, save
 * it; a refusal of the server brings the control back with the error. `save` is provided by the
 * page (the setStatus call).
 */
export const statusChangeMachine = setup({
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- xstate's setup() reads the machine's types from this assertion
  types: {} as {
    context: StatusChangeContext;
    events: { type: 'choose'; status: number } | { type: 'confirm'; reason: string } | { type: 'cancel' };
  },
  actors: { save: fromPromise<unknown, { status: number; reason: string }>(() => Promise.resolve(undefined)) },
}).createMachine({
  id: 'statusChange',
  initial: 'idle',
  context: { target: null, reason: '', error: null },
  states: {
    idle: { on: { choose: { target: 'confirming', actions: assign({ target: ({ event }) => event.status, error: null }) } } },
    confirming: {
      on: {
        confirm: { target: 'saving', actions: assign({ reason: ({ event }) => event.reason }) },
        cancel: { target: 'idle', actions: assign({ target: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ status: context.target ?? -1, reason: context.reason }),
        onDone: { target: 'idle', actions: assign({ target: null }) },
        onError: { target: 'idle', actions: assign({ target: null, error: ({ event }) => event.error }) },
      },
    },
  },
});

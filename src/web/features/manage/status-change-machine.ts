import { assign, fromPromise, setup } from 'xstate';

export interface StatusChangeContext {
  /** The status the admin asked for, while it is confirmed and saved. */
  readonly target: number | null;
  readonly error: unknown;
}

/**
 * The status control's flow: pick one of the statuses the order machine offers, confirm it, save
 * it; a refusal of the server brings the control back with the error. `save` is provided by the
 * page (the setStatus call).
 */
export const statusChangeMachine = setup({
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- xstate's setup() reads the machine's types from this assertion
  types: {} as { context: StatusChangeContext; events: { type: 'choose'; status: number } | { type: 'confirm' } | { type: 'cancel' } },
  actors: { save: fromPromise<unknown, { status: number }>(() => Promise.resolve(undefined)) },
}).createMachine({
  id: 'statusChange',
  initial: 'idle',
  context: { target: null, error: null },
  states: {
    idle: { on: { choose: { target: 'confirming', actions: assign({ target: ({ event }) => event.status, error: null }) } } },
    confirming: {
      on: {
        confirm: 'saving',
        cancel: { target: 'idle', actions: assign({ target: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ status: context.target ?? -1 }),
        onDone: { target: 'idle', actions: assign({ target: null }) },
        onError: { target: 'idle', actions: assign({ target: null, error: ({ event }) => event.error }) },
      },
    },
  },
});

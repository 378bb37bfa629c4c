import type { AdminKind, PayerKind } from './kinds.js';

/** The figures a notice's texts fill in; every one is a string, as the texts show it. */
export interface NoticeFacts {
  readonly amount_cny?: string;
  readonly deadline?: string;
  readonly shortfall_cny?: string;
  readonly paid_cny?: string;
  readonly note?: string;
  readonly status?: string;
  readonly refunded_cny?: string;
  readonly overpaid_cny?: string;
  readonly entry_ref?: string;
}

/**
 * Something someone is to be told, before it is worded in their language: the payer of an order
 * (their user id) or every admin. `key` names its source (an event id, a statement entry, a
 * deadline) so that each is sent at most once per recipient and channel.
 */
export type Notice =
  | {
      readonly to: { readonly payer: string };
      readonly kind: PayerKind;
      readonly key: string;
      readonly order: NoticeOrder;
      readonly facts: NoticeFacts;
    }
  | {
      readonly to: 'admins';
      readonly kind: AdminKind;
      readonly key: string;
      readonly order: NoticeOrder | null;
      readonly facts: NoticeFacts;
      /** An admin not to tell (the one who caused it), by user id. */
      readonly except?: string;
    };

export interface NoticeOrder {
  readonly id: string;
  readonly no: string;
}

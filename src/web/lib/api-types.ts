/** What the step screens and the order list read from the API (SPEC.md section 3, in the server's field names). */
import type { PayerDetails, RecipientAccount } from '../../domain/order/order-data.js';

export interface Resource {
  readonly id: number | string;
  readonly name: string;
  readonly name_en: string;
  readonly currency: string;
  readonly country: string;
  readonly preset_account?: boolean;
  /** Given only for the institutions whose account is preset. */
  readonly account_no?: string;
  readonly account_name?: string;
  readonly account_address?: string;
  readonly account_bank?: string;
  readonly swift?: string;
}

export interface FileEntry {
  readonly uid: string;
  readonly name: string;
  readonly status: string;
  readonly url: string;
}

/** The recipient-account and payer fields are the domain's own (SPEC.md section 3). */
export interface Order extends RecipientAccount, PayerDetails {
  readonly id: string;
  readonly status: number;
  readonly amount: string;
  readonly currency: string;
  readonly cny_amount: string | null;
  readonly reserved_amount_rate?: string | null;
  readonly deadline_date: string | null;
  readonly created_at: string;
  readonly resource: string;
  readonly resource_name: string;
  readonly bank: number | null;
  readonly jsfile?: readonly FileEntry[];
}

/** Every step call answers with the order's id, and the flow continues with it. */
export interface OrderRef {
  readonly id: string;
}

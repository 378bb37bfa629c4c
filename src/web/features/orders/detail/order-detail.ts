import type { FileEntry } from '../../../../domain/order/order-data.js';

/** What /step/order/find answers (SPEC.md section 3, "Order"): the fields this page uses. */
export interface OrderDetail {
  readonly id: string;
  readonly status: number;
  readonly amount: string;
  readonly currency: string;
  readonly cny_amount: string | null;
  readonly deadline_date: string | null;
  readonly created_at?: string | null;
  readonly resource: string | number | null;
  readonly resource_name: string | null;
  /** 1 card-scheme payment (bank transfer), 3 WeChat scan payment; null until chosen. */
  readonly bank: number | null;
  /** The order's owner: an admin viewing someone else's order is not its payer. */
  readonly user?: { readonly id?: number; readonly email: string | null };
  readonly jsfile: readonly FileEntry[];
  readonly active_upload_document?: boolean;
  readonly upload_document_token?: string | null;
  readonly accept_account_name?: string | null;
  readonly accept_bank?: string | null;
  readonly accept_swift?: string | null;
  readonly accept_account_no?: string | null;
}

export type { FileEntry };

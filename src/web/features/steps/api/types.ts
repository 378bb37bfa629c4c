/** What the step screens read from the API (SPEC.md section 3, in the server's field names). */

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

export interface Order {
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
  readonly accept_account_name: string;
  readonly accept_account_no: string;
  readonly accept_bank: string;
  readonly accept_address: string;
  readonly accept_swift: string;
  readonly accept_reference: string;
  readonly accept_remittance: string;
  readonly transit_code: string;
  readonly bank_branches: string;
  readonly student_last_name: string;
  readonly student_first_name: string;
  readonly student_last_name_pinyin: string;
  readonly student_first_name_pinyin: string;
  readonly student_email: string;
  readonly student_idcode: string;
  readonly payer_relation: string;
  readonly payer_last_name: string;
  readonly payer_first_name: string;
  readonly payer_code: string;
  readonly payer_phone: string;
  readonly payer_idcode: string;
}

/** Every step call answers with the order's id, and the flow continues with it. */
export interface OrderRef {
  readonly id: string;
}

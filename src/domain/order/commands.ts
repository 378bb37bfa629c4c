import type {
  Institution,
  OrderKind,
  PartnerDetails,
  PayerDetails,
  PaymentMethod,
  RecipientAccount,
  ReserveAccount,
  UploadedFile,
} from './order-data.js';
import type { FileReference } from './rules.js';

/** What callers ask of an order. Each is decided against the machine and yields events or a refusal. */
export type OrderCommand =
  | {
      readonly type: 'createOrder';
      readonly order_id: string;
      readonly kind?: OrderKind;
      /** null when the requested institution does not exist. */
      readonly resource: Institution | null;
      readonly amount: string;
      readonly from?: string;
      /** The sequence number handed out for it (order-number.ts makes the readable number with the day). */
      readonly sequence?: number;
    }
  /** A partner's server submits an order it was paid for; `resource` is null when the institution does not exist. */
  | {
      readonly type: 'submitPartnerOrder';
      readonly order_id: string;
      readonly resource: Institution | null;
      readonly amount: string;
      readonly partner: PartnerDetails;
      readonly sequence?: number;
    }
  | { readonly type: 'changeAmount'; readonly amount: string }
  | { readonly type: 'saveRecipientAccount'; readonly account: RecipientAccount }
  /** Pinyin is filled by `fillPayerDetails` before the command is made; 本人 copies the patient. */
  | { readonly type: 'savePayerDetails'; readonly payer: PayerDetails }
  | {
      readonly type: 'confirmOrder';
      /** Base rate to CNY and the currency's markup, as quoted now. */
      readonly rate: string;
      readonly markup: string;
      /** How long the payer has to pay, from now. */
      readonly deadline_ms: number;
      /** The CNY rate (markup included) the payer was shown on the review; a different one now is refused. */
      readonly expected_rate?: string | undefined;
      /** The CNY amount the payer was shown; a different one (the amount changed meanwhile) is refused. */
      readonly expected_cny?: string | undefined;
    }
  | {
      readonly type: 'choosePaymentMethod';
      readonly bank: PaymentMethod;
      /** The reserve account a bank transfer goes to (configured; the order number becomes the postscript). */
      readonly reserve?: Omit<ReserveAccount, 'postscript'> | undefined;
    }
  | { readonly type: 'uploadFile'; readonly file: UploadedFile }
  | { readonly type: 'updateFiles'; readonly files: readonly FileReference[] }
  | { readonly type: 'finishUpload' }
  | { readonly type: 'finishPay' }
  | { readonly type: 'recordPayment'; readonly payment_id: string; readonly amount_cny: string }
  /** A statement credit matched to the order; `reason` when a person matched it by hand. */
  | {
      readonly type: 'matchBankCredit';
      readonly entry_ref: string;
      readonly booking_date: string;
      readonly amount_cny: string;
      readonly payer_name: string;
      readonly payer_account: string;
      readonly reason?: string;
    }
  | { readonly type: 'recordRefund'; readonly amount_cny: string; readonly reference: string; readonly reason: string }
  /** A message on the order's thread; the id is chosen by the caller (a fresh uuid). */
  | { readonly type: 'postMessage'; readonly message_id: string; readonly text: string }
  | { readonly type: 'requestMoreMaterials'; readonly note?: string }
  | { readonly type: 'setStatus'; readonly status: number; readonly reason?: string }
  | { readonly type: 'cancelOrder' }
  | { readonly type: 'expireOrder' }
  /** The token is a fresh random value (≥ 128 bits) chosen by the caller when switching on. */
  | { readonly type: 'switchUploadLink'; readonly active: boolean; readonly token: string };

export type OrderCommandType = OrderCommand['type'];
export type OrderCommandOf<T extends OrderCommandType> = Extract<OrderCommand, { type: T }>;

export const ORDER_COMMAND_TYPES = [
  'createOrder',
  'submitPartnerOrder',
  'changeAmount',
  'saveRecipientAccount',
  'savePayerDetails',
  'confirmOrder',
  'choosePaymentMethod',
  'uploadFile',
  'updateFiles',
  'finishUpload',
  'finishPay',
  'recordPayment',
  'matchBankCredit',
  'recordRefund',
  'postMessage',
  'requestMoreMaterials',
  'setStatus',
  'cancelOrder',
  'expireOrder',
  'switchUploadLink',
] as const satisfies readonly OrderCommandType[];

import type { StepMessageKey } from '../messages.js';

/** Japanese bank terms, shown beside the translated label for JPY accounts (SPEC.md step 2). */
export interface JapaneseLabels {
  readonly accountName: string;
  readonly accountNo: string;
  readonly bank: string;
  readonly branch: string;
}

export interface AccountLayout {
  /** The account number's label: EUR accounts are IBANs. */
  readonly accountNo: StepMessageKey;
  /** The transit code's label, shown only for USD (ABA routing code) and AUD (BSB). */
  readonly transitCode: StepMessageKey | null;
  /** The bank branch, shown only for JPY. */
  readonly branch: boolean;
  readonly japanese: JapaneseLabels | null;
}

const JAPANESE: JapaneseLabels = { accountName: '口座名義', accountNo: '口座番号', bank: '銀行名', branch: '支店名' };

/** Which recipient account fields a currency has, and how they are called. */
export function accountLayout(currency: string): AccountLayout {
  switch (currency) {
    case 'EUR':
      return { accountNo: 'accept.iban', transitCode: null, branch: false, japanese: null };
    case 'USD':
      return { accountNo: 'accept.accountNo', transitCode: 'accept.abaRouting', branch: false, japanese: null };
    case 'AUD':
      return { accountNo: 'accept.accountNo', transitCode: 'accept.bsb', branch: false, japanese: null };
    case 'JPY':
      return { accountNo: 'accept.accountNo', transitCode: null, branch: true, japanese: JAPANESE };
    default:
      return { accountNo: 'accept.accountNo', transitCode: null, branch: false, japanese: null };
  }
}

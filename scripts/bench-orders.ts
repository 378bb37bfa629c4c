import type { PayerDetails } from '../src/domain/index.js';

/** The recipient account every benchmark order is saved with (a EUR account at TUM, as the seeded institution 1004). */
export const BENCH_ACCOUNT = {
  accept_account_name: 'TUM',
  accept_account_no: 'DE89370400440532013000',
  accept_bank: 'Deutsche Bank',
  accept_address: 'Munich',
  accept_swift: 'DEUTDEFF',
  accept_reference: '',
  accept_remittance: '',
  transit_code: '',
  bank_branches: '',
};

/** The patient and payer every benchmark order is saved with (the payer is the patient). */
export const BENCH_PAYER: PayerDetails = {
  student_last_name: '张',
  student_first_name: '三丰',
  student_last_name_pinyin: '',
  student_first_name_pinyin: '',
  student_email: 'zhang@example.com',
  student_idcode: '110101199003071234',
  payer_relation: '本人',
  payer_last_name: '',
  payer_first_name: '',
  payer_code: '+86',
  payer_phone: '13800138000',
  payer_idcode: '',
  accept_reference: 'Invoice 42',
};

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

/** The demo accounts the server seeds (README "Demo accounts"). */
export const DEMO_PAYER = { email: 'payer@example.com', password: 'payer-demo-2026' } as const;
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' } as const;
/** The second admin, who approves what the first proposes (four eyes). */
export const DEMO_SECOND_ADMIN = { email: 'admin2@example.com', password: 'admin2-demo-2026' } as const;
export const DEMO_AUDITOR = { email: 'auditor@example.com', password: 'auditor-demo-2026' } as const;
export const DEMO_WAREHOUSE = { email: 'warehouse@example.com', password: 'warehouse-demo-2026' } as const;

/** Seeded institutions (src/api/seed.ts). */
export const INSTITUTIONS = {
  charite: { id: 996, name: '柏林夏里特医院', nameEn: 'Charité – Universitätsmedizin Berlin', currency: 'EUR' },
  mayo: { id: 1001, name: '梅奥诊所', nameEn: 'Mayo Clinic', currency: 'USD' },
  sydney: { id: 1002, name: '悉尼大学', nameEn: 'The University of Sydney', currency: 'AUD' },
  keio: { id: 1003, name: '庆应义塾大学医院', nameEn: 'Keio University Hospital', currency: 'JPY' },
  tum: { id: 1004, name: '慕尼黑工业大学', nameEn: 'Technical University of Munich', currency: 'EUR' },
} as const;

/** A recipient account, as typed on step 2 and as sent to /api/v1/step/accept/update. */
export const RECIPIENT = {
  accountName: 'Technische Universität München',
  accountNo: 'DE02700500000000024500',
  bank: 'Bayerische Landesbank',
  address: 'Arcisstraße 21, 80333 München',
  swift: 'BYLADEMMXXX',
  reference: 'Matrikel 03712345',
  get payload() {
    return {
      accept_account_name: this.accountName,
      accept_account_no: this.accountNo,
      accept_bank: this.bank,
      accept_address: this.address,
      accept_swift: this.swift,
      accept_reference: this.reference,
    };
  },
} as const;

/** The patient, who pays for themself (relationship 本人), as typed on step 3. */
export const PATIENT = {
  lastName: '张',
  firstName: '三丰',
  lastNamePinyin: 'Zhang',
  firstNamePinyin: 'Sanfeng',
  email: 'zhang.sanfeng@example.com',
  phone: '13800138000',
  get payload() {
    return {
      student_last_name: this.lastName,
      student_first_name: this.firstName,
      student_email: this.email,
      payer_relation: '本人',
      payer_code: '+86',
      payer_phone: this.phone,
      accept_reference: RECIPIENT.reference,
    };
  },
} as const;

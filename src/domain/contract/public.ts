import { z } from 'zod';

export { institutionSummary, type InstitutionSummary } from './institution-summary.js';

/** A recipient institution (findResource); its account details only when they are preset. */
export const publicInstitution = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_en: z.string(),
    code: z.string(),
    currency: z.string(),
    country: z.string(),
    preset_account: z.boolean(),
    account_no: z.string().optional(),
    account_name: z.string().optional(),
    account_address: z.string().optional(),
    account_bank: z.string().optional(),
    swift: z.string().optional(),
    transit_code: z.string().optional(),
    bank_branches: z.string().optional(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'PublicInstitution' });
export type PublicInstitution = z.infer<typeof publicInstitution>;

/** The WeChat app ids the login page needs (null when that login is not configured). */
export const wechatConfig = z.object({ mp_app_id: z.string().nullable(), open_app_id: z.string().nullable() });
export type WechatConfig = z.infer<typeof wechatConfig>;

/** The notice shown above step 1 (empty when there is none). */
export const noticeText = z.string();

/** CNY per unit of the currency, markup included, as a decimal string. */
export const cnyRate = z.string().regex(/^\d+(\.\d+)?$/);

import type { Kysely } from 'kysely';
import type { DB, Resource } from '../../database/schema.js';
import {
  isPayeeCurrency,
  MAX_ROW_ID,
  type Institution,
  type InstitutionRecord,
  type PayeeCurrency,
  type PublicInstitution,
  type RecipientAccount,
} from '../../domain/index.js';

export async function findResource(db: Kysely<DB>, id: string): Promise<Resource | undefined> {
  const numeric = Number(id);
  if (!Number.isSafeInteger(numeric) || numeric <= 0 || numeric > MAX_ROW_ID) return undefined;
  return db.selectFrom('resources').selectAll().where('id', '=', numeric).executeTakeFirst();
}

/** The institution as the order records it; null when its currency is not one the product pays in. */
export function institutionOf(resource: Resource | undefined): Institution | null {
  if (!resource || !isPayeeCurrency(resource.currency)) return null;
  return { id: String(resource.id), name: resource.name, currency: resource.currency };
}

/** What the public may see of an institution: account details only where they are preset. */
export function publicResource(resource: Resource): PublicInstitution {
  const preset = resource.preset_account
    ? {
        account_no: resource.account_no,
        account_name: resource.account_name,
        account_address: resource.account_address,
        account_bank: resource.account_bank,
        swift: resource.swift,
        transit_code: resource.transit_code,
        bank_branches: resource.bank_branches,
      }
    : {};
  return {
    id: resource.id,
    name: resource.name,
    name_en: resource.name_en,
    code: resource.code,
    currency: resource.currency,
    country: resource.country,
    preset_account: resource.preset_account,
    ...preset,
    updated_at: resource.updated_at.toISOString(),
  };
}

/** For a preset recipient, step 2 records the institution's own account, whatever was typed. */
export function withPresetAccount(account: RecipientAccount, resource: Resource | undefined): RecipientAccount {
  if (!resource?.preset_account) return account;
  return {
    ...account,
    accept_account_name: resource.account_name,
    accept_account_no: resource.account_no,
    accept_bank: resource.account_bank,
    accept_address: resource.account_address,
    accept_swift: resource.swift,
    transit_code: resource.transit_code,
    bank_branches: resource.bank_branches,
  };
}

/** An institution's row as the record its events hold (what the back office edits). */
export const recordOf = (row: Resource): InstitutionRecord => ({
  name: row.name,
  name_en: row.name_en,
  code: row.code,
  currency: row.currency as PayeeCurrency,
  country: row.country,
  account_no: row.account_no,
  account_name: row.account_name,
  account_address: row.account_address,
  account_bank: row.account_bank,
  swift: row.swift,
  transit_code: row.transit_code,
  bank_branches: row.bank_branches,
  preset_account: row.preset_account,
});

/** Every institution as the payer's first step lists it, by English name. */
export const institutionSummaries = (db: Kysely<DB>) =>
  db.selectFrom('resources').select(['id', 'name', 'name_en', 'currency', 'country']).orderBy('name_en').execute();

import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../database/schema.js';
import { recoveryCode } from '../../../domain/index.js';

/** Ten codes, each usable once, for the day the phone is lost. */
export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 16 base32 characters (80 random bits), shown as xxxx-xxxx-xxxx-xxxx. */
function newCode(): string {
  const bytes = randomBytes(16);
  const plain = [...bytes].map((byte) => BASE32[byte % 32]).join('');
  return plain.match(/.{4}/g)!.join('-');
}

/**
 * Replaces the user's recovery codes with ten new ones and answers them: the only time they are
 * seen. Only their SHA-256 is kept (80 random bits need no slow hash).
 */
export async function issueRecoveryCodes(db: Kysely<DB>, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(recoveryCode.parse(code)), created_at: now })))
    .execute();
  return codes;
}

/** Spends the code when it is one of the user's unused ones (one request only, even at once). */
export async function useRecoveryCode(db: Kysely<DB>, userId: number, code: string, now: Date): Promise<boolean> {
  const parsed = recoveryCode.safeParse(code);
  if (!parsed.success) return false;
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(parsed.data))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return spent.numUpdatedRows === 1n;
}

export async function recoveryCodesLeft(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { DB } from '../../../database/schema.js';
import { totpCode } from '../../../domain/index.js';
import type { SecretBox } from './secret-box.js';

/** RFC 6238 as every authenticator app reads it: SHA-1, 30-second steps, 6 digits. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone whose clock is a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;
const ISSUER = 'Overseas Pay';

export interface TotpSetup {
  readonly secret: string;
  readonly otpauth_url: string;
  readonly qr_svg: string;
}

/**
 * A new secret for the user, kept sealed and unconfirmed (not a factor yet) until confirmTotp;
 * a repeated setup before confirming replaces it. The caller refuses when one is confirmed.
 */
export async function startTotpSetup(
  db: Kysely<DB>,
  box: SecretBox,
  user: { id: number; email: string | null; name: string },
  now: Date,
): Promise<TotpSetup> {
  const secret = generateSecret();
  const sealed = box.seal(secret, String(user.id));
  await db
    .insertInto('totp_factors')
    .values({ user_id: user.id, secret_sealed: sealed, confirmed_at: null, last_time_step: null, created_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ secret_sealed: sealed, confirmed_at: null, last_time_step: null, created_at: now }),
    )
    .execute();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email ?? user.name, secret });
  // Drawn here: the secret never goes to a QR service.
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

export type TotpState = 'none' | 'pending' | 'confirmed';

export async function totpStateOf(db: Kysely<DB>, userId: number): Promise<TotpState> {
  const row = await db.selectFrom('totp_factors').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
  return !row ? 'none' : row.confirmed_at ? 'confirmed' : 'pending';
}

/**
 * Whether `code` is the user's current TOTP code and was not accepted before. `confirmed`: the
 * confirmed secret (sign-in) or the pending one (enrolment). On success the code's time step is
 * recorded in the same statement that checks it, so the same code (or an older one) is refused
 * afterwards, even when two requests bring it at once: no replay within its window.
 */
export async function acceptTotpCode(
  db: Kysely<DB>,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
  which: 'confirmed' | 'pending',
): Promise<boolean> {
  const token = totpCode.safeParse(code);
  if (!token.success) return false;
  const row = await db
    .selectFrom('totp_factors')
    .select(['secret_sealed', 'confirmed_at', 'last_time_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || (which === 'confirmed') !== (row.confirmed_at !== null)) return false;
  const lastStep = row.last_time_step === null ? undefined : Number(row.last_time_step);
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret: box.open(row.secret_sealed, String(userId)),
    token: token.data,
    epoch,
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    afterTimeStep: lastStep,
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return false;
  // RFC 6238's T of the step the code belongs to (delta: how many steps from now it matched).
  const timeStep = Math.floor(epoch / PERIOD_SECONDS) + result.delta;
  const claimed = await db
    .updateTable('totp_factors')
    .set({ last_time_step: timeStep, ...(which === 'pending' ? { confirmed_at: now } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', String(timeStep))]))
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../database/schema.js';

/**
 * Passkeys (WebAuthn) as a staff member's second factor, with @simplewebauthn/server. Challenges
 * are kept in webauthn_challenges, so a ceremony begun on one server process finishes on any;
 * each lives CHALLENGE_TTL_MS and is spent by the first answer, right or wrong.
 */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'Overseas Pay';
/** Loaded on the first ceremony, not at start: the library and its ASN.1 packages took 0.4-0.7 s of it. */
const webauthn = () => import('@simplewebauthn/server');

/** Where the browser is: the relying party is PUBLIC_BASE_URL's host, the origin its scheme, host and port. */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
}

export const relyingPartyOf = (publicBaseUrl: string): RelyingParty => {
  const url = new URL(publicBaseUrl);
  return { id: url.hostname, origin: url.origin };
};

type Purpose = 'register' | 'sign-in';

async function keepChallenge(db: Kysely<DB>, challenge: string, purpose: Purpose, userId: number, now: Date): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ id: challenge, challenge, purpose, user_id: userId, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .execute();
}

/** Spends the challenge when it is this user's, for this purpose and unexpired: true once, then never again. */
const spendChallenge = (db: Kysely<DB>, purpose: Purpose, userId: number, now: Date) => async (challenge: string) => {
  const spent = await db
    .deleteFrom('webauthn_challenges')
    .where('id', '=', challenge)
    .returning(['purpose', 'user_id', 'expires_at'])
    .executeTakeFirst();
  return spent !== undefined && spent.purpose === purpose && spent.user_id === userId && new Date(spent.expires_at) > now;
};

const transportsOf = (json: string) => JSON.parse(json) as AuthenticatorTransport[];

export async function registrationOptions(
  db: Kysely<DB>,
  rp: RelyingParty,
  user: { id: number; email: string | null; name: string },
  now: Date,
) {
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', user.id).execute();
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email ?? user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: transportsOf(key.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', user.id, now);
  return { ...options };
}

/** Stores the new passkey when the browser's answer verifies against a challenge of ours; false otherwise. */
export async function registerPasskey(
  db: Kysely<DB>,
  rp: RelyingParty,
  userId: number,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<boolean> {
  const { verifyRegistrationResponse } = await webauthn();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: spendChallenge(db, 'register', userId, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return false;
  const { credential } = verification.registrationInfo;
  const inserted = await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      user_id: userId,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) === 1n;
}

export async function signInOptions(db: Kysely<DB>, rp: RelyingParty, userId: number, now: Date) {
  const keys = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', userId).execute();
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((key) => ({ id: key.id, transports: transportsOf(key.transports) })),
    userVerification: 'required',
  });
  await keepChallenge(db, options.challenge, 'sign-in', userId, now);
  return { ...options };
}

/** Whether the assertion is by one of the user's passkeys, over a challenge of ours; moves its counter on. */
export async function verifyPasskeySignIn(
  db: Kysely<DB>,
  rp: RelyingParty,
  userId: number,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<boolean> {
  const key = await db.selectFrom('passkeys').selectAll().where('id', '=', response.id).where('user_id', '=', userId).executeTakeFirst();
  if (!key) return false;
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: spendChallenge(db, 'sign-in', userId, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.id,
      publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
      counter: Number(key.counter),
      transports: transportsOf(key.transports),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return false;
  // A counter that does not move on (the library refuses one that goes back) is fine: many passkeys keep 0.
  await db
    .updateTable('passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now })
    .where('id', '=', key.id)
    .where(sql<boolean>`counter <= ${verification.authenticationInfo.newCounter}`)
    .execute();
  return true;
}

export async function passkeyCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

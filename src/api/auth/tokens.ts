import { SignJWT, decodeJwt, errors, jwtVerify } from 'jose';

/** One second: after a password reset, new tokens are dated the next whole second. */
const CLOCK_TOLERANCE_SECONDS = 1;

export interface TokenSettings {
  readonly secret: Uint8Array;
  readonly issuer: string;
  readonly audience: string;
  /** The longest lifetime any access token has (a payer's); each token's own `exp` may be shorter (staff). */
  readonly ttlSeconds: number;
}

export interface TokenClaims {
  readonly userId: number;
  /** Issued-at, in seconds: a password reset refuses tokens issued before it. */
  readonly issuedAt: number;
  /** The session the token belongs to (`sid`): the token works only while that session is open. */
  readonly sessionId: string;
}

/** What one access token names: its user, its session and how long it lives (at most settings.ttlSeconds). */
export interface TokenSubject {
  readonly userId: number;
  readonly sessionId: string;
  readonly ttlSeconds: number;
}

/** What a signed token says: whose it is, for which audience, extra claims, how long it lives. */
interface Signed {
  readonly userId: number;
  readonly audience: string;
  readonly claims: Record<string, string>;
  readonly ttlSeconds: number;
}

/** An HS256 token with issuer, audience, issue time, expiry and a unique id. */
function sign(settings: TokenSettings, token: Signed, now: Date, jti: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(token.claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(token.userId))
    .setIssuer(settings.issuer)
    .setAudience(token.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + token.ttlSeconds)
    .setJti(jti)
    .sign(settings.secret);
}

/**
 * The payload of a token valid for this audience (algorithm, issuer, required claims, lifetime,
 * expiry) with a user id, or null for a missing, expired, tampered or foreign one.
 */
async function verified(
  settings: TokenSettings,
  token: string,
  now: Date,
  expect: { audience: string; claims: readonly string[]; ttlSeconds: number },
) {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: ['HS256'],
      issuer: settings.issuer,
      audience: expect.audience,
      requiredClaims: ['sub', 'exp', 'iat', 'jti', ...expect.claims],
      // Also refuses an issued-at in the future, and a token whose exp was set beyond the lifetime.
      // One second of tolerance: after a password reset, new tokens are dated the next whole second.
      maxTokenAge: expect.ttlSeconds,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    return Number.isSafeInteger(userId) && userId > 0 ? { payload, userId } : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** An access token naming the user and the session, living the subject's time (at most settings.ttlSeconds). */
export const issueAccessToken = (settings: TokenSettings, subject: TokenSubject, now: Date, jti: string): Promise<string> =>
  sign(
    settings,
    {
      userId: subject.userId,
      audience: settings.audience,
      claims: { sid: subject.sessionId },
      ttlSeconds: Math.min(subject.ttlSeconds, settings.ttlSeconds),
    },
    now,
    jti,
  );

/** The claims of a valid access token, or null for a missing, expired, tampered or foreign one. */
export async function verifyAccessToken(settings: TokenSettings, token: string, now: Date): Promise<TokenClaims | null> {
  const found = await verified(settings, token, now, { audience: settings.audience, claims: ['sid'], ttlSeconds: settings.ttlSeconds });
  const sessionId = found?.payload['sid'];
  return found && typeof sessionId === 'string' ? { userId: found.userId, issuedAt: found.payload.iat!, sessionId } : null;
}

/** The audience of a second-factor challenge token: never the access tokens' one, so it opens nothing else. */
const mfaAudience = (settings: TokenSettings) => `${settings.audience}#mfa`;
/** Long enough to open an authenticator app, short enough to be worthless when stolen. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** The token between a right password and the second factor (`mfa_token`): names the user, nothing more. */
export const issueMfaToken = (settings: TokenSettings, userId: number, now: Date, jti: string): Promise<string> =>
  sign(settings, { userId, audience: mfaAudience(settings), claims: { purpose: 'mfa' }, ttlSeconds: MFA_TOKEN_TTL_SECONDS }, now, jti);

/** The user id of a valid, unexpired mfa_token, or null. */
export async function verifyMfaToken(settings: TokenSettings, token: string, now: Date): Promise<number | null> {
  const found = await verified(settings, token, now, { audience: mfaAudience(settings), claims: [], ttlSeconds: MFA_TOKEN_TTL_SECONDS });
  return found?.payload['purpose'] === 'mfa' ? found.userId : null;
}

/** Verified tokens kept per verifier; the oldest is forgotten first. */
const VERIFIED_CACHE_SIZE = 10_000;

interface Verified {
  readonly claims: TokenClaims;
  readonly expiresAt: number;
}

/**
 * verifyAccessToken with a memory of tokens it has found valid: the HMAC is checked once per token,
 * not on every request (it was a sixth of a read's CPU). A token is remembered by its whole text,
 * so a changed byte is a different token and verified in full; a remembered one is refused again
 * once its lifetime is over, with jose's own rules: now < exp + tolerance and now - iat ≤ ttl + tolerance.
 * Issued-at in the future was refused on first sight, and time only moves on.
 */
export function createTokenVerifier(settings: TokenSettings): (token: string, now: Date) => Promise<TokenClaims | null> {
  const verified = new Map<string, Verified>();
  return async (token, now) => {
    const seconds = Math.floor(now.getTime() / 1000);
    const known = verified.get(token);
    if (known) {
      if (seconds < known.expiresAt && seconds - known.claims.issuedAt >= -CLOCK_TOLERANCE_SECONDS) return known.claims;
      verified.delete(token);
    }
    const claims = await verifyAccessToken(settings, token, now);
    if (!claims) return null;
    const { exp } = decodeJwt(token);
    const expiresAt = Math.min(exp! + CLOCK_TOLERANCE_SECONDS, claims.issuedAt + settings.ttlSeconds + CLOCK_TOLERANCE_SECONDS + 1);
    verified.set(token, { claims, expiresAt });
    if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    return claims;
  };
}

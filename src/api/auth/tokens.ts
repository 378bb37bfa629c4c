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

/** An HS256 access token naming the user and the session, with issuer, audience, expiry and a unique id. */
export async function issueAccessToken(settings: TokenSettings, subject: TokenSubject, now: Date, jti: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: subject.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + Math.min(subject.ttlSeconds, settings.ttlSeconds))
    .setJti(jti)
    .sign(settings.secret);
}

/** The claims of a valid token, or null for a missing, expired, tampered or foreign one. */
export async function verifyAccessToken(settings: TokenSettings, token: string, now: Date): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: ['HS256'],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat', 'jti', 'sid'],
      // Also refuses an issued-at in the future, and a token whose exp was set beyond the lifetime.
      // One second of tolerance: after a password reset, new tokens are dated the next whole second.
      maxTokenAge: settings.ttlSeconds,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload['sid'] !== 'string') return null;
    return { userId, issuedAt: payload.iat!, sessionId: payload['sid'] };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The audience of a second-factor challenge token: never the access tokens' one, so it opens nothing else. */
const mfaAudience = (settings: TokenSettings) => `${settings.audience}#mfa`;
/** Long enough to open an authenticator app, short enough to be worthless when stolen. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** The token between a right password and the second factor (`mfa_token`): names the user, nothing more. */
export async function issueMfaToken(settings: TokenSettings, userId: number, now: Date, jti: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ purpose: 'mfa' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(settings.issuer)
    .setAudience(mfaAudience(settings))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + MFA_TOKEN_TTL_SECONDS)
    .setJti(jti)
    .sign(settings.secret);
}

/** The user id of a valid, unexpired mfa_token, or null. */
export async function verifyMfaToken(settings: TokenSettings, token: string, now: Date): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: ['HS256'],
      issuer: settings.issuer,
      audience: mfaAudience(settings),
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      maxTokenAge: MFA_TOKEN_TTL_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    return payload['purpose'] === 'mfa' && Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
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

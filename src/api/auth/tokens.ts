import { SignJWT, errors, jwtVerify } from 'jose';

export interface TokenSettings {
  readonly secret: Uint8Array;
  readonly issuer: string;
  readonly audience: string;
  readonly ttlSeconds: number;
}

export interface TokenClaims {
  readonly userId: number;
  /** Issued-at, in seconds: a password reset refuses tokens issued before it. */
  readonly issuedAt: number;
}

/** An HS256 access token naming the user, with issuer, audience, expiry and a unique id. */
export async function issueAccessToken(settings: TokenSettings, userId: number, now: Date, jti: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + settings.ttlSeconds)
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
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      // Also refuses an issued-at in the future, and a token whose exp was set beyond the lifetime.
      // One second of tolerance: after a password reset, new tokens are dated the next whole second.
      maxTokenAge: settings.ttlSeconds,
      clockTolerance: 1,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return { userId, issuedAt: payload.iat! };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier, issueAccessToken, verifyAccessToken, type TokenSettings } from '../../src/api/auth/tokens.js';

const SETTINGS: TokenSettings = {
  secret: new TextEncoder().encode('a-secret-of-at-least-thirty-two-bytes!!'),
  issuer: 'overseas-pay',
  audience: 'overseas-pay-web',
  ttlSeconds: 3600,
};
const ISSUED = new Date('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(ISSUED.getTime() + ms);
const SUBJECT = { userId: 7, sessionId: 'session-7', ttlSeconds: SETTINGS.ttlSeconds };

describe('the remembering token verifier', () => {
  it('answers like a full verification at every instant, whatever was asked before', async () => {
    const token = await issueAccessToken(SETTINGS, SUBJECT, ISSUED, 'jti-1');
    // Instants around every edge: before issue, inside the lifetime, at and after expiry.
    const instant = fc.integer({ min: -3_000, max: (SETTINGS.ttlSeconds + 3) * 1000 });
    await fc.assert(
      fc.asyncProperty(fc.array(instant, { minLength: 1, maxLength: 12 }), async (offsets) => {
        const verify = createTokenVerifier(SETTINGS);
        // Time only moves on: a server's clock is read request after request.
        for (const offset of [...offsets].sort((a, b) => a - b)) {
          expect(await verify(token, at(offset))).toEqual(await verifyAccessToken(SETTINGS, token, at(offset)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a changed token even after its original was remembered', async () => {
    const verify = createTokenVerifier(SETTINGS);
    const token = await issueAccessToken(SETTINGS, SUBJECT, ISSUED, 'jti-2');
    expect(await verify(token, at(1000))).toEqual({ userId: 7, issuedAt: ISSUED.getTime() / 1000, sessionId: 'session-7' });
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '8' })).toString(
      'base64url',
    );
    expect(await verify(`${header}.${otherUser}.${signature}`, at(1000))).toBeNull();
    expect(await verify(`${token}x`, at(1000))).toBeNull();
    const foreign = await issueAccessToken(
      { ...SETTINGS, secret: new TextEncoder().encode('another-secret-of-thirty-two-bytes!!!') },
      SUBJECT,
      ISSUED,
      'jti-2',
    );
    expect(await verify(foreign, at(1000))).toBeNull();
  });
});

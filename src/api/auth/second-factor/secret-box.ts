import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a second-factor secret at rest with AES-256-GCM, under a key derived (HKDF-SHA256) from
 * the JWT secret every server process shares: a copy of the database alone does not yield the
 * TOTP secrets. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url. `context` (the user id) is bound
 * as additional data, so a sealed secret moved to another user's row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';

export function createSecretBox(masterSecret: Uint8Array): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, Buffer.alloc(0), 'overseas-pay second factor secrets v1', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

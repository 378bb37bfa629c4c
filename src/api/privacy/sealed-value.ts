import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A personal field as stored in an event: `pii1:<subject>:<base64url(iv | tag | ciphertext)>`,
 * AES-256-GCM under the subject's key with the subject as associated data, so a sealed value
 * cannot be moved to another subject. The subject is in the clear: whose key opens it.
 */
const PREFIX = 'pii1:';
const SEALED = /^pii1:([A-Za-z0-9_.-]{1,100}):([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);

export function sealValue(plaintext: string, subject: string, key: Uint8Array): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${PREFIX}${subject}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The subject a sealed value belongs to, or null when it is not a well-formed sealed value. */
export function subjectOfSealed(value: string): string | null {
  return SEALED.exec(value)?.[1] ?? null;
}

/** Opens a sealed value; throws when the key is not the one it was sealed under or a byte changed. */
export function openValue(sealed: string, key: Uint8Array): string {
  const match = SEALED.exec(sealed);
  if (!match) throw new Error('Not a sealed value.');
  const bytes = Buffer.from(match[2]!, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(match[1]!, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const opened = decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES));
  // final() checks the tag: nothing is returned before it has. (GCM holds nothing back for it.)
  const rest = decipher.final();
  return (rest.length === 0 ? opened : Buffer.concat([opened, rest])).toString('utf8');
}
